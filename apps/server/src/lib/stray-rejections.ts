import type { FastifyBaseLogger } from 'fastify';

/**
 * A promise rejected with nobody to hear it is a bug of ours, not a reason to drop every request in flight with the
 * process (Node's default): it is logged at error level, with its stack, and the server goes on. An exception thrown
 * and caught by nothing still ends the process, whose state is then unknown; the supervisor starts it again.
 * Answers the function that takes the listener off.
 */
export function logStrayRejections(log: Pick<FastifyBaseLogger, 'error'>): () => void {
  const listener = (reason: unknown) => log.error({ err: reason }, 'unhandled promise rejection');
  process.on('unhandledRejection', listener);
  return () => process.off('unhandledRejection', listener);
}
