import { MESSAGES } from '@prata/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '@/deps';
import { AppError } from '@/lib/errors';
import { BOOK_CHANNEL } from './service';

/** At most this many open streams per instance; beyond it a new one is refused (503) rather than starving the rest. */
const MAX_STREAMS = 2000;
const PING_MS = 25_000;
let open = 0;
/** Each app's open streams, ended when the app closes (a hijacked response would keep the server from closing). */
const streams = new WeakMap<AppDeps, Set<() => void>>();

/** Ends every stream of this app: its preClose hook. */
export function endStreams(deps: AppDeps) {
  for (const end of streams.get(deps) ?? []) end();
}

/**
 * GET /api/orders/stream: `event: book` with the market's version after every batch that changed the book, so the
 * orders screens refetch. The matcher's own instance tells its listeners directly; other instances hear it through the
 * broadcast bus (Redis when configured).
 */
export async function openStream(deps: AppDeps, req: FastifyRequest, reply: FastifyReply) {
  if (open >= MAX_STREAMS) throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests);
  open += 1;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-content-type-options': 'nosniff',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n: conectado\n\n');
  const send = (version: number) => res.write(`event: book\ndata: {"version":${version}}\n\n`);
  const unsubscribe = subscribeBook(deps, send);
  const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
  ping.unref();
  let closed = false;
  let mine = streams.get(deps);
  if (!mine) {
    mine = new Set();
    streams.set(deps, mine);
  }
  const close = () => {
    if (closed) return;
    closed = true;
    open -= 1;
    clearInterval(ping);
    unsubscribe();
    mine.delete(end);
  };
  const end = () => {
    close();
    res.end();
  };
  mine.add(end);
  req.raw.on('close', close);
  res.on('error', close);
}

/** Listens to book changes: every instance's matcher publishes them on the broadcast bus (Redis when configured). */
function subscribeBook(deps: AppDeps, listener: (version: number) => void): () => void {
  return deps.broadcast.subscribe(BOOK_CHANNEL, (message) => {
    const version = Number(message);
    if (Number.isSafeInteger(version)) listener(version);
  });
}
