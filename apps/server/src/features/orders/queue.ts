import { MESSAGES } from '@prata/domain';
import { AppError } from '@/lib/errors';

/** The most operations one batch applies. */
const MAX_BATCH = 256;
/** The batch size below which a batch takes everything waiting: about 10 ms of write here (docs/orders.md). */
const BATCH_TARGET = 32;

/**
 * How many of the `waiting` operations the next batch takes: all of them up to BATCH_TARGET; beyond, half of them (at
 * least BATCH_TARGET, at most MAX_BATCH). Under a steady load the requests then settle into batches of even size that
 * take turns, rather than one large batch and one small: a request waits for about one batch before its own, whatever
 * batch it falls in.
 */
export function batchSize(waiting: number): number {
  if (waiting <= BATCH_TARGET) return waiting;
  return Math.min(MAX_BATCH, Math.max(BATCH_TARGET, Math.ceil(waiting / 2)));
}

/** What runs one batch for the queue: the engine. */
export type BatchRunner<O, R> = {
  /**
   * Applies and writes one batch; answers each operation's result (or its refusal), and what to do once the answers
   * are out. Throws when the batch as a whole failed: nothing of it was written.
   */
  run(ops: O[]): Promise<{ results: Array<R | AppError>; answered?: () => void }>;
  /** After a failed batch: what the runner knew is forgotten; whether the same batch runs once more, whole. */
  failed(err: unknown): { retryWhole: boolean };
};

type Pending<O, R> = { op: O; resolve: (r: R) => void; reject: (e: unknown) => void };

/**
 * The queue of the market (one per instance): every operation waits its turn and is applied in batches, one batch at a
 * time, in arrival order. A batch that fails writes nothing, and its operations run again one by one, so one bad
 * operation fails alone.
 */
export class BatchQueue<O, R> {
  private queue: Array<Pending<O, R>> = [];
  private running = false;

  constructor(
    private readonly runner: BatchRunner<O, R>,
    /** the most operations waiting; beyond it a new one is refused at once (503 ORDER_BOOK_BUSY) */
    private readonly maxQueue: number,
  ) {}

  /** Applies one operation in its turn; resolves when its batch has committed. */
  submit(op: O): Promise<R> {
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(new AppError('ORDER_BOOK_BUSY', MESSAGES.orderBookBusy));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ op, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain() {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, batchSize(this.queue.length));
        await this.run(batch);
      }
    } finally {
      this.running = false;
    }
  }

  /** One batch; `alone`: one operation of a batch that failed, run again by itself (the bench counts them). */
  private async run(batch: Array<Pending<O, R>>, mayRetryWhole = true, alone = false): Promise<void> {
    let done: Awaited<ReturnType<BatchRunner<O, R>['run']>>;
    try {
      done = await this.runner.run(batch.map((p) => p.op));
    } catch (err) {
      if (this.runner.failed(err).retryWhole && mayRetryWhole) return this.run(batch, false, alone);
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // one of them broke the batch: each again, alone, so only that one fails
      for (const p of batch) await this.run([p], true, true);
      return;
    }
    batch.forEach((p, i) => {
      const r = done.results[i]!;
      if (r instanceof AppError) p.reject(r);
      else p.resolve(r);
    });
    done.answered?.();
  }
}
