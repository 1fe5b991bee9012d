import type { SilverWithdrawalRow } from '@/db/rows';
import type { Executor } from '@/db/client';
import {
  type AccountRef,
  capture,
  getHold,
  hold,
  type Holder,
  postBatch,
  release,
  requireAllOk,
  requireOk,
  type SystemCode,
} from '@/ledger/index';

/**
 * How a silver withdrawal moves grams and reais (docs/silver.md, LEDGER.md examples 7 and 8). Ids:
 * - hold `silver-withdrawal:<id>:silver` (AG): the bars' grams, from the house (a purchase) or the customer (custody)
 * - hold `silver-withdrawal:<id>:charges` (BRL): what the customer pays, held from their balance (paid by balance, or
 *   a custody withdrawal's Pix credited to their account)
 * - transfers `silver-withdrawal:<id>:paid:<line>`: a purchase's Pix, straight from pix:clearing to the house (the
 *   silver value) and to revenue and tax accounts; `...:refund:<line>` gives them back
 */
const silverHoldId = (id: number) => `silver-withdrawal:${id}:silver`;
const chargesHoldId = (id: number) => `silver-withdrawal:${id}:charges`;
export const reference = (id: number) => `silver-withdrawal:${id}`;

type Row = Pick<
  SilverWithdrawalRow,
  | 'id'
  | 'userId'
  | 'kind'
  | 'paymentMethod'
  | 'silverCg'
  | 'silverValueCents'
  | 'mintingCents'
  | 'shippingCents'
  | 'insuranceCents'
  | 'icmsCents'
  | 'difalCents'
  | 'pisCents'
  | 'cofinsCents'
  | 'totalCents'
>;

/** Where each line of the charge goes. The silver value of a purchase goes to the house that sold it. */
function chargeParts(row: Row): Array<{ to: AccountRef; amount: number; code: string; line: string }> {
  const system = (code: SystemCode) => ({ system: code }) as AccountRef;
  const parts: Array<{ to: AccountRef; amount: number; code: string; line: string }> = [
    { to: { house: 'available' }, amount: row.silverValueCents, code: 'silver.value', line: 'silver' },
    { to: system('revenue:minting'), amount: row.mintingCents, code: 'silver.minting', line: 'minting' },
    { to: system('revenue:shipping'), amount: row.shippingCents, code: 'silver.shipping', line: 'shipping' },
    { to: system('revenue:insurance'), amount: row.insuranceCents, code: 'silver.insurance', line: 'insurance' },
    { to: system('tax:icms'), amount: row.icmsCents, code: 'silver.icms', line: 'icms' },
    { to: system('tax:difal'), amount: row.difalCents, code: 'silver.difal', line: 'difal' },
    { to: system('tax:pis'), amount: row.pisCents, code: 'silver.pis', line: 'pis' },
    { to: system('tax:cofins'), amount: row.cofinsCents, code: 'silver.cofins', line: 'cofins' },
  ];
  return parts.filter((p) => p.amount > 0);
}

const silverHolder = (row: Row): Holder => (row.kind === 'purchase' ? 'house' : { customer: row.userId as number });

/** True when the customer's reais for this withdrawal sit in the charges hold. */
function chargesAreHeld(row: Row, status: string): boolean {
  if (row.paymentMethod === 'balance') return status === 'pending' || status === 'paid';
  return row.kind === 'custody' && status === 'paid';
}

/** At creation: the grams (and, paying by balance, the reais). Refusals are answered by the caller. */
export async function holdAtCreation(tx: Executor, row: Row) {
  const silver = await hold(tx, {
    id: silverHoldId(row.id),
    holder: silverHolder(row),
    currency: 'AG',
    amount: row.silverCg,
    reason: 'silver-withdrawal',
    reference: reference(row.id),
  });
  if (!silver.ok) return { ok: false as const, what: 'silver' as const, result: silver };
  if (row.paymentMethod === 'balance') {
    const reais = await hold(tx, {
      id: chargesHoldId(row.id),
      holder: { customer: row.userId as number },
      currency: 'BRL',
      amount: row.totalCents,
      reason: 'silver-withdrawal',
      reference: reference(row.id),
    });
    if (!reais.ok) return { ok: false as const, what: 'reais' as const, result: reais };
  }
  return { ok: true as const };
}

/**
 * A Pix paid. A purchase: the money goes from pix:clearing to the house (the silver value) and to the revenue and
 * tax accounts at once. A custody withdrawal: the money is the customer's until the bars ship, so it is credited to
 * them and held (captured when shipped, given back when rejected).
 */
export async function settlePixPayment(tx: Executor, row: Row) {
  if (row.kind === 'purchase') {
    requireAllOk(
      await postBatch(
        tx,
        chargeParts(row).map((p) => ({
          id: `${reference(row.id)}:paid:${p.line}`,
          debit: { system: 'pix:clearing' } as AccountRef,
          credit: p.to,
          currency: 'BRL' as const,
          amount: p.amount,
          code: `${p.code}.pix`,
        })),
        { atomic: true },
      ),
      'BRL',
    );
    return;
  }
  requireOk(
    await postBatch(
      tx,
      [
        {
          id: `${reference(row.id)}:paid`,
          debit: { system: 'pix:clearing' },
          credit: { customer: row.userId as number, bucket: 'available' },
          currency: 'BRL',
          amount: row.totalCents,
          code: 'silver.pix',
        },
      ],
      { atomic: true },
    ).then((r) => r[0]!),
    'BRL',
  );
  requireOk(
    await hold(tx, {
      id: chargesHoldId(row.id),
      holder: { customer: row.userId as number },
      currency: 'BRL',
      amount: row.totalCents,
      reason: 'silver-withdrawal',
      reference: reference(row.id),
    }),
    'BRL',
  );
}

/** Shipped: the grams leave custody (held → vault) and the held reais go to the house, revenue and taxes. */
export async function captureAtShipping(tx: Executor, row: Row, status: string) {
  if (chargesAreHeld(row, status)) {
    requireOk(
      await capture(tx, {
        holdId: chargesHoldId(row.id),
        currency: 'BRL',
        parts: chargeParts(row).map((p) => ({ to: p.to, amount: p.amount, code: p.code })),
      }),
      'BRL',
    );
  }
  requireOk(
    await capture(tx, {
      holdId: silverHoldId(row.id),
      currency: 'AG',
      parts: [{ to: { system: 'vault' }, amount: row.silverCg, code: 'silver.shipped' }],
    }),
    'AG',
  );
}

/** Cancelled, expired or rejected: every open hold goes back. */
export async function releaseHolds(tx: Executor, row: Row) {
  for (const id of [silverHoldId(row.id), chargesHoldId(row.id)]) {
    const h = await getHold(tx, id);
    if (h?.state === 'held') requireOk(await release(tx, id));
  }
}

/**
 * A paid Pix given back (rejected): the ledger's side of the refund, in the caller's transaction, after the holds
 * were released. A purchase takes back what its payment moved; a custody withdrawal takes the total from the
 * customer's balance (released just before). Everything returns to pix:clearing, whence the provider pays it back.
 */
export async function reversePixPayment(tx: Executor, row: Row) {
  const transfers =
    row.kind === 'purchase'
      ? chargeParts(row).map((p) => ({
          id: `${reference(row.id)}:refund:${p.line}`,
          debit: p.to,
          credit: { system: 'pix:clearing' } as AccountRef,
          currency: 'BRL' as const,
          amount: p.amount,
          code: `${p.code}.refund`,
        }))
      : [
          {
            id: `${reference(row.id)}:refund`,
            debit: { customer: row.userId as number, bucket: 'available' } as AccountRef,
            credit: { system: 'pix:clearing' } as AccountRef,
            currency: 'BRL' as const,
            amount: row.totalCents,
            code: 'silver.refund',
          },
        ];
  requireAllOk(await postBatch(tx, transfers, { atomic: true }), 'BRL');
}
