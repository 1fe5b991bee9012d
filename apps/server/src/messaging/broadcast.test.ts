import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Broadcast, channelPrefix, createBroadcast, MAX_MESSAGE_LENGTH } from './broadcast';

const REDIS_URL = process.env.REDIS_URL;
/** Nothing listens on port 1: a Redis that is down. */
const DEAD_REDIS_URL = 'redis://127.0.0.1:1';

const channel = () => `prata-test:broadcast:${randomBytes(6).toString('hex')}`;

const open: Broadcast[] = [];
function bus(opts: Parameters<typeof createBroadcast>[0] = {}) {
  const b = createBroadcast(opts);
  open.push(b);
  return b;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.close()));
});

/** The sockets and timers this process holds (node's own names: 'TCPSocketWrap', 'Timeout'). */
function handles() {
  const info = process.getActiveResourcesInfo();
  return {
    sockets: info.filter((r) => r === 'TCPSocketWrap').length,
    timers: info.filter((r) => r === 'Timeout').length,
  };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 5_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`esperou demais: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The test's own connection, to ask Redis itself; open across each Redis test, so it counts in before and after. */
let admin: Redis | undefined;
async function subscribers(name: string) {
  admin ??= new Redis(REDIS_URL!);
  const [, count] = (await admin.pubsub('NUMSUB', name)) as [string, number];
  return Number(count);
}
afterAll(async () => {
  await admin?.quit();
});

describe('the broadcast bus, in process (no REDIS_URL)', () => {
  it('delivers a publish to the listeners of its channel only, and no longer after unsubscribe', async () => {
    const b = bus();
    const [news, other] = [channel(), channel()];
    const got: string[] = [];
    const offA = b.subscribe(news, (m) => got.push(`a:${m}`));
    b.subscribe(news, (m) => got.push(`b:${m}`));
    b.subscribe(other, (m) => got.push(`other:${m}`));

    await b.publish(news, 'um');
    expect(got).toEqual(['a:um', 'b:um']);

    offA();
    offA();
    await b.publish(news, 'dois');
    expect(got).toEqual(['a:um', 'b:um', 'b:dois']);
  });

  it('a listener that throws is reported and the others still get the message', async () => {
    const errors: unknown[] = [];
    const b = bus({ onError: (err) => errors.push(err) });
    const news = channel();
    const got: string[] = [];
    b.subscribe(news, () => {
      throw new Error('tela quebrada');
    });
    b.subscribe(news, (m) => got.push(m));
    await b.publish(news, 'preço');
    expect(got).toEqual(['preço']);
    expect(errors).toEqual([expect.objectContaining({ message: 'tela quebrada' })]);
  });

  it('refuses a message past the limit; after close() publishes go nowhere and subscribe is inert', async () => {
    const b = bus();
    const news = channel();
    const got: string[] = [];
    b.subscribe(news, (m) => got.push(m));
    await expect(b.publish(news, 'x'.repeat(MAX_MESSAGE_LENGTH + 1))).rejects.toBeInstanceOf(RangeError);
    await b.close();
    await b.publish(news, 'tarde');
    b.subscribe(news, (m) => got.push(m))();
    expect(got).toEqual([]);
  });
});

describe('the broadcast bus with Redis down', () => {
  it('publish does not throw, reports the failure and delivers to this process once; close() leaves nothing open', async () => {
    const before = handles();
    const errors: unknown[] = [];
    const b = createBroadcast({ redisUrl: DEAD_REDIS_URL, onError: (err) => errors.push(err) });
    const news = channel();
    const got: string[] = [];
    b.subscribe(news, (m) => got.push(m));

    await b.publish(news, 'sem redis');
    await b.publish(news, 'ainda sem redis');
    expect(got).toEqual(['sem redis', 'ainda sem redis']);
    expect(errors.some((e) => String((e as Error).message).includes('entregue só aqui'))).toBe(true);

    await b.close();
    // no more than before: the worker runs other files too (isolate: false), whose own timers may end meanwhile
    const after = handles();
    expect(after.sockets).toBeLessThanOrEqual(before.sockets);
    expect(after.timers).toBeLessThanOrEqual(before.timers);
  });
});

describe.skipIf(!REDIS_URL)('the broadcast bus through Redis (REDIS_URL)', () => {
  it("two instances get each other's messages, and their own, exactly once", async () => {
    const errors: unknown[] = [];
    const one = bus({ redisUrl: REDIS_URL, onError: (err) => errors.push(err) });
    const two = bus({ redisUrl: REDIS_URL, onError: (err) => errors.push(err) });
    const news = channel();
    const gotOne: string[] = [];
    const gotTwo: string[] = [];
    one.subscribe(news, (m) => gotOne.push(m));
    two.subscribe(news, (m) => gotTwo.push(m));
    await waitFor(async () => (await subscribers(news)) === 2, 'as duas inscrições no Redis');

    await one.publish(news, 'de um');
    await two.publish(news, 'de dois');
    // Redis keeps one publisher's order: once 'fim' arrives, no copy of the earlier messages is still on its way.
    await one.publish(news, 'fim');
    await two.publish(news, 'fim');
    await waitFor(() => gotOne.length >= 4 && gotTwo.length >= 4, 'as mensagens');
    await new Promise((r) => setTimeout(r, 50));

    for (const got of [gotOne, gotTwo]) expect([...got].sort()).toEqual(['de dois', 'de um', 'fim', 'fim']);
    expect(errors).toEqual([]);
  });

  it('deployments on one Redis (their prefixes) hear only their own news on the same channel', async () => {
    const news = channel();
    const mine = bus({ redisUrl: REDIS_URL, prefix: channelPrefix('postgres://db.prata:5432/producao') });
    const staging = bus({ redisUrl: REDIS_URL, prefix: channelPrefix('postgres://db.prata:5432/homologacao') });
    const gotMine: string[] = [];
    const gotStaging: string[] = [];
    mine.subscribe(news, (m) => gotMine.push(m));
    staging.subscribe(news, (m) => gotStaging.push(m));
    await waitFor(
      async () => (await subscribers(`prata:db.prata:5432/producao:${news}`)) === 1,
      'a inscrição com o prefixo',
    );
    await waitFor(async () => (await subscribers(`prata:db.prata:5432/homologacao:${news}`)) === 1, 'a outra');
    await mine.publish(news, 'produção');
    await staging.publish(news, 'homologação');
    await waitFor(() => gotMine.length >= 1 && gotStaging.length >= 1, 'as mensagens');
    await new Promise((r) => setTimeout(r, 50));
    expect(gotMine).toEqual(['produção']);
    expect(gotStaging).toEqual(['homologação']);
    expect(channelPrefix(undefined)).toBe('');
  });

  it('unsubscribing the last listener leaves the channel in Redis; another channel gets nothing', async () => {
    const one = bus({ redisUrl: REDIS_URL });
    const two = bus({ redisUrl: REDIS_URL });
    const [news, other] = [channel(), channel()];
    const got: string[] = [];
    const offA = two.subscribe(news, (m) => got.push(`a:${m}`));
    const offB = two.subscribe(news, (m) => got.push(`b:${m}`));
    two.subscribe(other, (m) => got.push(`other:${m}`));
    await waitFor(async () => (await subscribers(news)) === 1, 'a inscrição');

    offA();
    await one.publish(news, 'um');
    await waitFor(() => got.length === 1, 'a mensagem');
    expect(got).toEqual(['b:um']);

    offB();
    await waitFor(async () => (await subscribers(news)) === 0, 'o fim da inscrição');
    await one.publish(news, 'dois');
    await one.publish(other, 'sinal');
    await waitFor(() => got.length === 2, 'o sinal');
    expect(got).toEqual(['b:um', 'other:sinal']);
  });

  it('comes back by itself after Redis drops its connections, subscriptions included', async () => {
    const tag = randomBytes(6).toString('hex');
    const one = bus({ redisUrl: REDIS_URL, tag });
    const news = channel();
    const got: string[] = [];
    one.subscribe(news, (m) => got.push(m));
    await waitFor(async () => (await subscribers(news)) === 1, 'a inscrição');
    await one.publish(news, 'antes');
    await waitFor(() => got.length === 1, 'a primeira mensagem');

    // Other test files' servers hold broadcast connections too: one's two carry its tag.
    const ids = async () =>
      String(await admin!.client('LIST'))
        .split('\n')
        .filter((line) => / name=prata-broadcast-\w+-/.test(line) && line.includes(`-${tag} `))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1] ?? '');
    const killed = await ids();
    expect(killed).toHaveLength(2);
    const two = bus({ redisUrl: REDIS_URL });
    const gotTwo: string[] = [];
    two.subscribe(news, (m) => gotTwo.push(m));
    await waitFor(async () => (await subscribers(news)) === 2, 'a inscrição de dois');

    for (const id of killed) await admin!.call('CLIENT', 'KILL', 'ID', id);
    await waitFor(async () => (await subscribers(news)) === 2, 'a nova inscrição de um');
    // Until one's publisher is back, its messages stay in its own process: the second instance proves it is back.
    await waitFor(async () => {
      await one.publish(news, 'depois');
      return gotTwo.length > 0;
    }, 'o publicador de volta');
    await one.publish(news, 'fim');
    await waitFor(() => gotTwo.at(-1) === 'fim' && got.at(-1) === 'fim', 'o fim');
    expect(got[0]).toBe('antes');
    expect(got.filter((m) => m === 'fim')).toHaveLength(1);
    expect(gotTwo.filter((m) => m === 'fim')).toHaveLength(1);
  });

  it('close() leaves no socket or timer open', async () => {
    await subscribers('prata-test:broadcast:nada');
    const before = handles();
    const one = createBroadcast({ redisUrl: REDIS_URL });
    const two = createBroadcast({ redisUrl: REDIS_URL });
    const news = channel();
    const got: string[] = [];
    two.subscribe(news, (m) => got.push(m));
    await waitFor(async () => (await subscribers(news)) === 1, 'a inscrição');
    await one.publish(news, 'oi');
    await waitFor(() => got.length === 1, 'a mensagem');

    await Promise.all([one.close(), two.close()]);
    // at most what was open before: a timer of the process's own (another suite's) may end meanwhile, never start
    // because of the buses
    const after = handles();
    expect(after.sockets).toBeLessThanOrEqual(before.sockets);
    expect(after.timers).toBeLessThanOrEqual(before.timers);
    expect(await subscribers(news)).toBe(0);
  });
});

if (!REDIS_URL) console.log('broadcast.test: REDIS_URL unset, the Redis cases are skipped');
