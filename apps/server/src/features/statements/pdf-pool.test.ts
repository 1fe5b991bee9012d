import { randomUUID } from 'node:crypto';
import { brasiliaYear, MESSAGES, STATEMENT_MOVEMENTS_MAX, statementMonthOf } from '@prata/domain';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { approvedCustomer, bearer, buildTestApp, type Customer, type TestApp } from '../../../test/helpers';
import { failing, held, open } from '../../../test/render-jobs';
import { postBatch, requireAllOk, type TransferInput } from '@/ledger/index';
import { fundHouse } from '@/features/orders/index';
import { longestTurn } from '@/lib/event-loop';
import { renderStatement } from './pdf';
import { monthlyStatement } from './service';

// The statement PDF and the IRPF workbook render on the render pool (lib/render-pool.ts), off the event loop.

const get = (t: TestApp, url: string, c: Customer) => t.app.inject({ method: 'GET', url, headers: bearer(c.token) });

/** A month as busy as a statement prints: the most lines of reais and of silver, posted in batches of 1,000. */
async function busiestMonth(t: TestApp, c: Customer) {
  await fundHouse(t.app.deps, null, { currency: 'AG', amountMinorUnits: 100_000_000 });
  const line = (i: number): TransferInput[] => [
    {
      id: `deposit:${randomUUID()}`,
      debit: { system: 'pix:clearing' },
      credit: { customer: c.id, bucket: 'available' },
      currency: 'BRL',
      amount: 1_00 + i,
      code: 'deposit.pix',
    },
    {
      id: `silver:${randomUUID()}`,
      debit: { house: 'available' },
      credit: { customer: c.id, bucket: 'available' },
      currency: 'AG',
      amount: 100 + i,
      code: 'trade.silver',
    },
  ];
  for (let i = 0; i < STATEMENT_MOVEMENTS_MAX; i += 500) {
    const batch = Array.from({ length: Math.min(500, STATEMENT_MOVEMENTS_MAX - i) }, (_, k) => line(i + k)).flat();
    requireAllOk(await postBatch(t.database.db, batch));
  }
}

/** The longest the event loop went between two turns (ms) while `work` ran. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  return (await longestTurn(work)).longestMs;
}

describe('GET /api/statements/pdf renders on the render pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  it('the event loop keeps turning while the busiest month renders', async () => {
    const c = await approvedCustomer(t, { name: 'Helena Muito Ativa' });
    await busiestMonth(t, c);
    const month = statementMonthOf(new Date());
    const url = `/api/statements/pdf?month=${month}`;
    // the thread starts on the first render: started here, it is not what the next render waits for
    expect((await get(t, url, c)).statusCode).toBe(200);

    // the same layout on the event loop, as the route once ran it: the stall this test must not see
    const statement = await monthlyStatement(t.database.db, c.id, month, new Date());
    expect(statement.reais.movements).toHaveLength(STATEMENT_MOVEMENTS_MAX);
    expect(statement.grams.movements).toHaveLength(STATEMENT_MOVEMENTS_MAX);
    const inline = await longestStall(() => renderStatement(statement, new Date()));

    let res: Awaited<ReturnType<typeof get>> | undefined;
    const pooled = await longestStall(async () => {
      res = await get(t, url, c);
    });
    expect(res?.statusCode, res?.body).toBe(200);
    expect((await PDFDocument.load(res!.rawPayload)).getPageCount()).toBeGreaterThan(200);
    // a month this busy takes long enough on the event loop to tell: otherwise the comparison proves nothing
    expect(inline, 'the layout on the event loop').toBeGreaterThan(100);
    // the request still reads the month and sends the file; the layout's stall is not in it
    expect(pooled, `longest stall ${pooled.toFixed(0)} ms, the layout alone ${inline.toFixed(0)} ms`).toBeLessThan(
      inline / 2,
    );
  });
});

describe('a full render pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    // one thread and one render waiting: the test fills both itself
    t = await buildTestApp({ config: { renderPool: { threads: 1, queue: 1 } } });
  });
  afterAll(() => t.app.close());

  it('answers the statement PDF and the IRPF workbook 503 SERVER_BUSY, and renders again once a thread is free', async () => {
    const c = await approvedCustomer(t, { name: 'Igor Na Fila' });
    const pdf = `/api/statements/pdf?month=${statementMonthOf(new Date())}`;
    const workbook = `/api/orders/export/${brasiliaYear(new Date())}`;
    const gate = new Int32Array(new SharedArrayBuffer(4));
    const running = t.app.deps.renderPool.run(held, [gate]);
    const waiting = t.app.deps.renderPool.run(held, [gate]);
    try {
      for (const url of [pdf, workbook]) {
        const res = await get(t, url, c);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toEqual({ code: 'SERVER_BUSY', message: MESSAGES.serverBusy });
        expect(res.headers['retry-after']).toBe('5');
      }
    } finally {
      open(gate);
      await Promise.all([running, waiting]);
    }
    const again = await get(t, pdf, c);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['content-type']).toBe('application/pdf');
    expect((await get(t, workbook, c)).statusCode).toBe(200);
  });

  it('answers a render that throws on its thread 500 INTERNAL_ERROR, logged with its error', async () => {
    const c = await approvedCustomer(t, { name: 'Joana Sem Sorte' });
    const pool = t.app.deps.renderPool;
    const run = pool.run.bind(pool);
    vi.spyOn(pool, 'run').mockImplementationOnce(() => run(failing, ['a página não coube']) as never);
    const logged = vi.spyOn(t.app.log, 'error');
    try {
      const res = await get(t, `/api/statements/pdf?month=${statementMonthOf(new Date())}`, c);
      expect(res.statusCode, res.body).toBe(500);
      expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: MESSAGES.internalError });
      expect(logged).toHaveBeenCalledWith(
        { err: expect.objectContaining({ message: 'a página não coube' }) },
        'unhandled error',
      );
    } finally {
      vi.restoreAllMocks();
    }
    // the thread renders on
    expect((await get(t, `/api/statements/pdf?month=${statementMonthOf(new Date())}`, c)).statusCode).toBe(200);
  });
});
