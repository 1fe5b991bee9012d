import { EventEmitter } from 'node:events';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * A fan-out of short messages (the order book's changes, for the screens that watch it) to every server instance.
 * Without Redis it is in-process: publish hands the message to this process's listeners. With Redis it is pub/sub: a
 * message goes only through Redis and comes back through this instance's subscriber connection too, so each listener of
 * every instance gets it once. It fails soft: a publish that Redis does not take is reported to onError and delivered
 * in this process only; nothing here throws because Redis is down.
 */
export type Broadcast = {
  publish(channel: string, message: string): Promise<void>;
  /** returns the unsubscribe (calling it twice is harmless) */
  subscribe(channel: string, listener: (message: string) => void): () => void;
  close(): Promise<void>;
};

export type BroadcastOptions = {
  redisUrl?: string;
  /** Redis unreachable, a publish not taken (then delivered here only), a listener that threw */
  onError?: (err: unknown) => void;
  /** added to the Redis connections' names (CLIENT LIST shows prata-broadcast-<role>-<tag>): tells one bus's apart */
  tag?: string;
  /**
   * Put before every channel's name in Redis: the deployments (or the test files) sharing one Redis each hear their
   * own news only. The app gives its database's place (channelPrefix): the instances of one deployment share it.
   */
  prefix?: string;
};

/** The channels' prefix of the deployment on `databaseUrl`: its server and database (none for the embedded one). */
export function channelPrefix(databaseUrl: string | undefined): string {
  if (!databaseUrl) return '';
  const u = new URL(databaseUrl);
  return `prata:${u.host}${u.pathname}:`;
}

/** A message is a notice (ids, a price level), not a document: the rest is read from the API. */
export const MAX_MESSAGE_LENGTH = 64 * 1024;
/** A publish waits this long for a first connection or for Redis's answer, then falls back to this process. */
const REDIS_TIMEOUT_MS = 2_000;
/** Reconnection backs off up to this delay and keeps trying (a server outlives a Redis restart). */
const MAX_RECONNECT_DELAY_MS = 5_000;
/** close() waits this long for the sockets to end. */
const CLOSE_WAIT_MS = 1_000;

const reconnectDelay = (attempt: number) => Math.min(100 * 2 ** Math.min(attempt, 10), MAX_RECONNECT_DELAY_MS);

class BroadcastError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'BroadcastError';
  }
}

export function createBroadcast(opts: BroadcastOptions = {}): Broadcast {
  let closed = false;
  // After close() the connections' last words (queued commands rejected) are noise.
  const onError = (err: unknown) => {
    if (!closed) opts.onError?.(err);
  };
  const local = new EventEmitter();
  // Every watching screen is a listener: no warning at 10.
  local.setMaxListeners(0);

  const deliverHere = (channel: string, message: string) => {
    local.emit(channel, message);
  };

  const prefix = opts.prefix ?? '';
  const fromRedis = (channel: string, message: string) => {
    if (channel.startsWith(prefix)) deliverHere(channel.slice(prefix.length), message);
  };
  const link = opts.redisUrl ? createRedisLink(opts.redisUrl, opts.tag, onError, fromRedis) : undefined;
  // the link sees the prefixed names; everything above it the deployment's own
  const redis = link && {
    publish: (channel: string, message: string) => link.publish(prefix + channel, message),
    subscribe: (channel: string) => link.subscribe(prefix + channel),
    unsubscribe: (channel: string) => link.unsubscribe(prefix + channel),
    close: () => link.close(),
  };

  return {
    async publish(channel, message) {
      if (message.length > MAX_MESSAGE_LENGTH) {
        throw new RangeError(`broadcast: mensagem de ${message.length} caracteres (máximo ${MAX_MESSAGE_LENGTH})`);
      }
      if (closed) return;
      if (!redis) {
        deliverHere(channel, message);
        return;
      }
      try {
        await redis.publish(channel, message);
      } catch (err) {
        onError(new BroadcastError(`broadcast: o Redis não recebeu a mensagem de '${channel}'; entregue só aqui`, err));
        if (!closed) deliverHere(channel, message);
      }
    },

    subscribe(channel, listener) {
      if (closed) return () => {};
      // A listener that throws must not keep the others from their message nor reach the Redis client's emitter.
      const guarded = (message: string) => {
        try {
          listener(message);
        } catch (err) {
          onError(err);
        }
      };
      local.on(channel, guarded);
      if (local.listenerCount(channel) === 1) redis?.subscribe(channel);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        local.off(channel, guarded);
        if (local.listenerCount(channel) === 0 && !closed) redis?.unsubscribe(channel);
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      local.removeAllListeners();
      await redis?.close();
    },
  };
}

type RedisLink = {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string): void;
  unsubscribe(channel: string): void;
  close(): Promise<void>;
};

/**
 * Two connections (a connection that subscribes can do nothing else), each opened on first use. The publisher queues
 * nothing while Redis is known to be down: the message goes to this process at once instead of waiting for a
 * reconnection that may come after the news is stale. The subscriber keeps its subscriptions across reconnections.
 */
function createRedisLink(
  url: string,
  tag: string | undefined,
  onError: (err: unknown) => void,
  deliver: (channel: string, message: string) => void,
): RedisLink {
  let publisher: Client | undefined;
  let subscriber: Client | undefined;

  const getPublisher = () => {
    publisher ??= openClient(url, 'publisher', tag, onError, {
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_TIMEOUT_MS,
      autoResendUnfulfilledCommands: false,
    });
    return publisher;
  };

  const getSubscriber = () => {
    if (subscriber) return subscriber;
    // SUBSCRIBE waits for the connection however long it takes; ioredis subscribes again after each reconnection.
    subscriber = openClient(url, 'subscriber', tag, onError, { maxRetriesPerRequest: null, autoResubscribe: true });
    subscriber.redis.on('message', deliver);
    return subscriber;
  };

  return {
    async publish(channel, message) {
      const client = getPublisher();
      if (client.down) throw new BroadcastError('broadcast: Redis indisponível');
      await client.redis.publish(channel, message);
    },
    subscribe(channel) {
      getSubscriber()
        .redis.subscribe(channel)
        .catch((err: unknown) => onError(new BroadcastError(`broadcast: não inscrito em '${channel}'`, err)));
    },
    unsubscribe(channel) {
      subscriber?.redis.unsubscribe(channel).catch(() => {
        // Closed or down: the subscription died with the connection.
      });
    },
    async close() {
      await Promise.all([publisher?.close(), subscriber?.close()]);
    },
  };
}

type Client = { redis: Redis; readonly down: boolean; close(): Promise<void> };

function openClient(
  url: string,
  role: 'publisher' | 'subscriber',
  tag: string | undefined,
  onError: (err: unknown) => void,
  options: RedisOptions,
): Client {
  const redis = new Redis(url, {
    ...options,
    connectionName: tag ? `prata-broadcast-${role}-${tag}` : `prata-broadcast-${role}`,
    connectTimeout: REDIS_TIMEOUT_MS,
    retryStrategy: reconnectDelay,
    // A bus has no reply worth waiting for at close: the socket is destroyed at once (and no timer outlives close()).
    disconnectTimeout: 0,
  });
  // Down from a lost connection until the next ready; an outage is reported once, not at every reconnection attempt.
  let down = false;
  let reported = false;
  redis.on('error', (err: unknown) => {
    down = true;
    if (reported) return;
    reported = true;
    onError(new BroadcastError(`broadcast: conexão ${role} com o Redis caiu; tentando de novo`, err));
  });
  redis.on('close', () => {
    down = true;
  });
  redis.on('ready', () => {
    down = false;
    reported = false;
  });
  return {
    redis,
    get down() {
      return down;
    },
    async close() {
      // Between attempts there is no socket: disconnect() cancels the next attempt and no 'end' follows; its
      // destroy timer (disconnectTimeout, 0 here) for the socket already gone has fired once this turn of timers has.
      if (!['connecting', 'connect', 'ready'].includes(redis.status)) {
        redis.disconnect();
        await new Promise((resolve) => setTimeout(resolve, 1));
        return;
      }
      const ended = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CLOSE_WAIT_MS);
        redis.once('end', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      redis.disconnect();
      await ended;
    },
  };
}
