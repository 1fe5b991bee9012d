import { BRASILIA_TIME_ZONE, brasiliaMonthStart, MONTH_NAMES, silverValueCents } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { InvoiceBorrower, ProductInvoiceLine, ProductInvoiceTaxes, ServiceInvoiceLine } from '@/db/rows';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';

/**
 * What the invoices are issued from (docs/fiscal.md): the facts the ledger's postings were made from, read per
 * customer and per month of Brasília's calendar. Each kind of service is one line of the month's service invoice.
 */

export const TZ = BRASILIA_TIME_ZONE;
/** The most invoices one run issues (the rest wait for the next run). */
export const ISSUE_BATCH_MAX = 500;

export type DueServiceInvoice = { userId: number; period: string; lines: ServiceInvoiceLine[]; totalCents: number };

const LABELS: Record<string, string> = {
  'trade-fee': 'Taxa operacional das ordens executadas',
  'withdrawal-fee': 'Tarifa de retirada de dinheiro',
  minting: 'Cunhagem das barras retiradas',
  shipping: 'Frete das barras retiradas',
  insurance: 'Seguro do envio das barras',
};
const ORDER = ['trade-fee', 'withdrawal-fee', 'minting', 'shipping', 'insurance'];

/**
 * The (customer, month) pairs of months already closed (before `now`'s month in Brasília) with services paid and no
 * service invoice yet: operating fees of trades (each side pays its own, the house none), fees of paid money
 * withdrawals (a payout the bank refused gave its fee back and is 'rejected'), and the minting, freight and insurance
 * of paid orders of bars of registered customers (not rejected, cancelled or expired).
 */
export async function dueServiceInvoices(
  db: Executor,
  now: Date,
  userId?: number,
  since?: Date,
): Promise<DueServiceInvoice[]> {
  // a customer whose every closed month is issued (their mark at this month's start) has nothing due: no query
  if (since && since.getTime() >= brasiliaMonthStart(now).getTime()) return [];
  const who = (column: ReturnType<typeof sql.raw>) => (userId === undefined ? sql`true` : sql`${column} = ${userId}`);
  // the hourly run for everyone looks at the last months only (an index range on trades); a customer's list, from the
  // month its last complete visit left off (watermark.ts), or from the first day
  const from = since ? sql`${since.toISOString()}::timestamptz` : sql`'-infinity'::timestamptz`;
  // only closed months are issued: their fees end where the month of `now` begins (Brasília), an index range's end
  const before = sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${TZ}) at time zone ${TZ})`;
  const found = await rows<{ user_id: string; period: string; kind: string; n: string; cents: string }>(
    db,
    sql`with facts as (
          select o.user_id, t.created_at as at, 'trade-fee' as kind,
                 case when o.side = 'buy' then t.buyer_fee_cents else t.seller_fee_cents end as cents
            from trades t join orders o on o.id = t.maker_order_id or o.id = t.taker_order_id
           where o.user_id is not null and ${who(sql.raw('o.user_id'))} and t.created_at >= ${from}
             and t.created_at < ${before}
          union all
          select w.user_id, coalesce(w.reviewed_at, w.created_at), 'withdrawal-fee', w.fee_cents
            from withdrawals w where w.status = 'approved' and w.fee_cents > 0 and ${who(sql.raw('w.user_id'))}
             and coalesce(w.reviewed_at, w.created_at) >= ${from} and coalesce(w.reviewed_at, w.created_at) < ${before}
          union all
          select s.user_id, s.paid_at, x.kind, x.cents
            from silver_withdrawals s
            cross join lateral (values ('minting', s.minting_cents), ('shipping', s.shipping_cents),
                                       ('insurance', s.insurance_cents)) as x (kind, cents)
           where s.user_id is not null and s.paid_at is not null and s.status in ('paid', 'sent', 'delivered')
             and ${who(sql.raw('s.user_id'))} and s.paid_at >= ${from} and s.paid_at < ${before}
        )
        select f.user_id::text, to_char(date_trunc('month', f.at at time zone ${TZ}), 'YYYY-MM-DD') as period,
               f.kind, count(*)::text as n, sum(f.cents)::bigint::text as cents
          from facts f
         where f.cents > 0
           and not exists (select 1 from service_invoices i
                            where i.user_id = f.user_id
                              and i.period = date_trunc('month', f.at at time zone ${TZ})::date)
         group by 1, 2, 3
         order by 2, 1`,
  );
  const byKey = new Map<string, DueServiceInvoice>();
  for (const r of found) {
    const key = `${r.user_id}:${r.period}`;
    let due = byKey.get(key);
    if (!due) {
      due = { userId: int(r.user_id), period: r.period, lines: [], totalCents: 0 };
      byKey.set(key, due);
    }
    const cents = int(r.cents);
    due.lines.push({ kind: r.kind, label: LABELS[r.kind] ?? r.kind, count: int(r.n), amount_cents: cents });
    due.totalCents += cents;
  }
  for (const due of byKey.values()) due.lines.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  return [...byKey.values()].slice(0, ISSUE_BATCH_MAX);
}

/** 'yyyy-mm-01' → 'outubro de 2026' */
const monthName = (period: string) => `${MONTH_NAMES[Number(period.slice(5, 7)) - 1]} de ${period.slice(0, 4)}`;

export function serviceDescription(due: Pick<DueServiceInvoice, 'period' | 'lines'>): string {
  const parts = due.lines.map((l) => `${l.label.toLowerCase()} (${l.count})`);
  return `Serviços da Prata em ${monthName(due.period)}: ${parts.join('; ')}.`;
}

export type DueProductInvoice = {
  userId: number;
  silverWithdrawalId: number;
  kind: 'purchase' | 'custody';
  items: ProductInvoiceLine[];
  taxes: ProductInvoiceTaxes;
  productsCents: number;
  taxesCents: number;
};

/** Paid orders of bars of registered customers (not given back) without a product invoice yet. */
export async function dueProductInvoices(db: Executor, userId?: number): Promise<DueProductInvoice[]> {
  const found = await rows<{
    id: string;
    user_id: string;
    kind: 'purchase' | 'custody';
    icms: string;
    difal: string;
    pis: string;
    cofins: string;
    items: Array<{ name: string; quantity: number; grams_cg: number; price: number; value: number }>;
  }>(
    db,
    sql`select s.id::text, s.user_id::text, s.kind, s.icms_cents::text as icms, s.difal_cents::text as difal,
               s.pis_cents::text as pis, s.cofins_cents::text as cofins,
               (select json_agg(json_build_object('name', i.name, 'quantity', i.quantity, 'grams_cg', i.grams_cg,
                                                  'price', i.price_per_gram_cents, 'value', i.silver_value_cents)
                                order by i.product_type_id)
                  from silver_withdrawal_items i where i.silver_withdrawal_id = s.id) as items
          from silver_withdrawals s
         where s.user_id is not null and s.paid_at is not null and s.status in ('paid', 'sent', 'delivered')
           and ${userId === undefined ? sql`true` : sql`s.user_id = ${userId}`}
           and not exists (select 1 from product_invoices p where p.silver_withdrawal_id = s.id)
         order by s.paid_at, s.id
         limit ${ISSUE_BATCH_MAX}`,
  );
  return found.map((r) => {
    // the goods: a purchase's silver at its price; a withdrawal from custody, the grams at the price of the day
    const items = (r.items ?? []).map((i) => ({
      name: i.name,
      quantity: Number(i.quantity),
      grams_cg: Number(i.grams_cg),
      amount_cents: Number(i.value) > 0 ? Number(i.value) : silverValueCents(Number(i.price), Number(i.grams_cg)),
    }));
    const taxes = { icms: int(r.icms), difal: int(r.difal), pis: int(r.pis), cofins: int(r.cofins) };
    return {
      userId: int(r.user_id),
      silverWithdrawalId: int(r.id),
      kind: r.kind,
      items,
      taxes,
      productsCents: items.reduce((sum, i) => sum + i.amount_cents, 0),
      taxesCents: taxes.icms + taxes.difal + taxes.pis + taxes.cofins,
    };
  });
}

export function productDescription(due: Pick<DueProductInvoice, 'silverWithdrawalId' | 'kind' | 'items'>): string {
  const what = due.items.map((i) => `${i.quantity} × ${i.name}`).join(', ');
  const why = due.kind === 'purchase' ? 'Compra' : 'Retirada da custódia';
  return `${why} de prata física, pedido nº ${due.silverWithdrawalId}: ${what}.`;
}

/** The customer as invoiced: name (or company name), CPF or CNPJ, e-mail and the first address on file. */
export async function borrowerOf(db: Executor, userId: number): Promise<InvoiceBorrower> {
  const [r] = await rows<{
    name: string;
    email: string;
    cpf: string | null;
    cnpj: string | null;
    razao_social: string | null;
    street: string | null;
    number: string | null;
    unit: string | null;
    neighborhood: string | null;
    cep: string | null;
    city: string | null;
    state: string | null;
    city_id: number | null;
  }>(
    db,
    sql`select u.name, u.email, u.cpf, c.cnpj, c.razao_social, a.street, a.number, a.unit, a.neighborhood, a.cep,
               ci.name as city, ci.state, a.city_id
          from users u
          left join companies c on c.user_id = u.id
          left join lateral (select * from addresses a where a.user_id = u.id and a.deleted_at is null
                              order by a.id limit 1) a on true
          left join cities ci on ci.id = a.city_id
         where u.id = ${userId}`,
  );
  if (!r) throw new Error(`invoices: no user ${userId}`);
  const document = r.cnpj ?? r.cpf ?? null;
  return {
    name: r.razao_social ?? r.name,
    document,
    document_type: r.cnpj ? 'cnpj' : r.cpf ? 'cpf' : null,
    email: r.email,
    address:
      r.street && r.cep
        ? {
            street: r.street,
            number: r.number ?? '',
            unit: r.unit,
            neighborhood: r.neighborhood ?? '',
            cep: r.cep,
            city: r.city ?? '',
            state: r.state ?? '',
            city_code: r.city_id,
          }
        : null,
  };
}
