import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { rows } from './sql';
import { oneAtATime } from './statements';
import { withTransaction } from './tx';

/** A client whose statements answer when the test says so. */
function heldClient() {
  const sent: string[] = [];
  const answers: Array<(value: string) => void> = [];
  const client = {
    query: (config: unknown, ...rest: unknown[]) => {
      const text = (config as { text: string }).text;
      sent.push(text);
      const last = rest.at(-1);
      if (typeof last === 'function') return void last(null, text);
      return new Promise<string>((resolve, reject) => {
        answers.push((value) => (value === 'fail' ? reject(new Error(text)) : resolve(value)));
      });
    },
  };
  oneAtATime(client);
  return { client, sent, answer: (value: string) => answers.shift()?.(value) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('oneAtATime', () => {
  it('sends a statement asked for while another is in flight only once that one has answered, in order', async () => {
    const { client, sent, answer } = heldClient();
    const a = client.query({ text: 'a' });
    const b = client.query({ text: 'b' });
    const c = client.query({ text: 'c' });
    await settle();
    expect(sent).toEqual(['a']);
    answer('fail');
    await expect(a).rejects.toThrow('a');
    await settle();
    expect(sent).toEqual(['a', 'b']);
    answer('B');
    await settle();
    answer('C');
    expect(await Promise.all([b, c])).toEqual(['B', 'C']);
    // idle again: the next goes at once
    const d = client.query({ text: 'd' });
    expect(sent).toEqual(['a', 'b', 'c', 'd']);
    answer('D');
    expect(await d).toBe('D');
  });

  it("leaves a callback's statement to the client, as the pool's one-statement checkouts send it", () => {
    const { client, sent } = heldClient();
    void client.query({ text: 'held' });
    const seen: unknown[] = [];
    client.query({ text: 'callback' }, [], (_err: unknown, value: unknown) => seen.push(value));
    expect([sent, seen]).toEqual([['held', 'callback'], ['callback']]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a transaction on PostgreSQL', () => {
  it('answers reads asked for at once, and node-postgres never holds one in its own queue', async () => {
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    let queuedByPg = 0;
    proto.query = function (this: { _queryQueue: unknown[] }, ...args: unknown[]) {
      if (this._queryQueue.length > 0) queuedByPg++;
      return original.apply(this, args);
    };
    try {
      const database = await createTestDatabase({ forThisTest: true });
      const answers = await withTransaction(database.db, (tx) =>
        Promise.all(
          [1, 2, 3, 4, 5].map(async (n) => {
            const [row] = await rows<{ n: number }>(tx, sql`select ${n}::int as n, pg_sleep(0.01)`);
            return row?.n;
          }),
        ),
      );
      expect(answers).toEqual([1, 2, 3, 4, 5]);
    } finally {
      proto.query = original;
    }
    expect(queuedByPg).toBe(0);
  });
});
