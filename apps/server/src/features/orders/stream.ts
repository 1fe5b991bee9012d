import { MESSAGES } from '@prata/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { engineOf } from './service';

/** At most this many open streams per instance; beyond it a new one is refused (503) rather than starving the rest. */
const MAX_STREAMS = 2000;
const PING_MS = 25_000;
let open = 0;

/**
 * GET /api/orders/stream: `event: book` with the market's version after every batch that changed the book, so the
 * orders screens refetch. The matcher's own instance tells its listeners directly; other instances hear it through the
 * broadcast bus (Redis when configured).
 */
export async function openStream(deps: AppDeps, req: FastifyRequest, reply: FastifyReply) {
  if (open >= MAX_STREAMS)
    throw new AppError('ORDER_BOOK_BUSY', 'Muitas conexões abertas. Tente de novo em instantes.');
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
  const close = () => {
    if (closed) return;
    closed = true;
    open -= 1;
    clearInterval(ping);
    unsubscribe();
  };
  req.raw.on('close', close);
  res.on('error', close);
}

/** Listens to book changes (this instance's matcher, and the others' through the bus when there is one). */
export function subscribeBook(deps: AppDeps, listener: (version: number) => void): () => void {
  return engineOf(deps).onChange(listener);
}
