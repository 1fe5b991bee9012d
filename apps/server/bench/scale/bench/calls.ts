// The calls bench:scale times through HTTP: what each customer screen and each back-office screen asks the API for
// (apps/web/src/features/*/api/*.ts, /work/shared/spec/api-endpoints.txt), made as the generator's subjects.
import type { Database } from '@/db/client';

/** The people the generator creates (seed:scale), looked up by e-mail. */
export const SCALE_SUBJECTS = {
  /** 20,000 trades in 2026-11, at least 10,000 orders in 2025 */
  heavy: 'pesado@escala.prata.test',
  counterpart: 'contraparte@escala.prata.test',
  /** the top affiliate */
  affiliate: 'afiliado@escala.prata.test',
  operator: 'operador@escala.prata.test',
  typical: 'tipico@escala.prata.test',
};
/** The demo's accounts in the same roles: for a database the demo seeded (`--subjects demo`), to try the bench. */
export const DEMO_SUBJECTS: Subjects = {
  heavy: 'cliente@prata.dev',
  counterpart: 'empresa@prata.dev',
  affiliate: 'cliente@prata.dev',
  operator: 'operador@prata.dev',
  typical: 'empresa@prata.dev',
};
export type Subjects = typeof SCALE_SUBJECTS;
export type Role = keyof Subjects;

/** The month of the heavy trader's 20,000 trades, and the year of their 10,000 orders. */
const HEAVY_MONTH = '2026-11';
const IRPF_YEAR = 2025;

export type Call = {
  /** 'customer' | 'operator': which targets apply (docs/scale.md) */
  side: 'customer' | 'operator';
  name: string;
  path: string;
  as: Role | null;
  /** the target for this call, if it has one of its own (else the side's) */
  target?: { p99Ms: number; what: string };
};

/** What the calls need from the database: the subjects' ids, and the strings a search is made of. */
export type Lookup = {
  ids: Partial<Record<Role, number>>;
  missing: string[];
  namePart: string;
  cpf: string | null;
  cnpj: string | null;
  emailPart: string;
};

export async function lookUp(database: Database, subjects: Subjects): Promise<Lookup> {
  return database.withConnection(async (c) => {
    const ids: Partial<Record<Role, number>> = {};
    const missing: string[] = [];
    for (const [role, email] of Object.entries(subjects) as Array<[Role, string]>) {
      const { rows } = await c.query('select id from users where lower(email) = lower($1)', [email]);
      if (rows[0]) ids[role] = Number((rows[0] as { id: number }).id);
      else missing.push(email);
    }
    // the typical customer's name, CPF and e-mail, cut as an operator types them: a surname, part of the address
    const typical = ids.typical ?? ids.heavy ?? 0;
    const { rows } = await c.query('select name, cpf, email from users where id = $1', [typical]);
    const person = (rows[0] as { name: string; cpf: string | null; email: string } | undefined) ?? {
      name: 'Silva',
      cpf: null,
      email: 'escala',
    };
    const individual = (await c.query('select cpf from users where cpf is not null order by id limit 1 offset 100'))
      .rows as Array<{ cpf: string }>;
    const company = (await c.query('select cnpj from companies order by id limit 1')).rows as Array<{ cnpj: string }>;
    const words = person.name.split(/\s+/).filter((w) => w.length >= 4);
    const surname = words[words.length - 1] ?? person.name;
    const local = person.email.split('@')[0] ?? person.email;
    return {
      ids,
      missing,
      namePart: surname.slice(0, Math.max(4, surname.length - 1)),
      cpf: person.cpf ?? individual[0]?.cpf ?? null,
      cnpj: company[0]?.cnpj ?? null,
      emailPart: local.slice(1, Math.max(4, local.length)),
    };
  });
}

const STATEMENT = { p99Ms: 200, what: "a month's statement of 20,000 trades < 200 ms" };
const STATEMENT_PDF = { p99Ms: 1000, what: 'its PDF < 1 s' };
const IRPF_XLSX = { p99Ms: 1000, what: 'IRPF xlsx of 10,000 orders < 1 s' };

/** Every call, in the table's order. */
export function calls(l: Lookup): Call[] {
  const customer = (name: string, path: string, as: Role | null = 'heavy', target?: Call['target']): Call => ({
    side: 'customer',
    name,
    path,
    as,
    ...(target ? { target } : {}),
  });
  const operator = (name: string, path: string): Call => ({ side: 'operator', name, path, as: 'operator' });
  const pages = (name: string, path: string, mk: typeof customer | typeof operator, deep: number): Call[] => {
    const sep = path.includes('?') ? '&' : '?';
    return [
      mk(`${name} p1`, `${path}${sep}page=1`),
      mk(`${name} p${deep.toLocaleString('en-US')}`, `${path}${sep}page=${deep}`),
    ];
  };
  const list: Call[] = [
    // sign-in, and the frame every screen opens with
    customer('GET /api/user (typical)', '/api/user', 'typical'),
    customer('GET /api/user (heavy trader)', '/api/user'),
    customer('GET /api/user/index', '/api/user/index'),
    // /meu-historico's tabs, first page and page 50 of the heaviest trader
    ...pages('history: deposits', '/api/deposits', customer, 50),
    ...pages('history: withdrawals', '/api/withdrawals', customer, 50),
    ...pages('history: silver withdrawals', '/api/silver-withdrawals', customer, 50),
    ...pages('history: silver transfers', '/api/silver-transfers', customer, 50),
    ...pages('history: completed orders', '/api/orders/completed', customer, 50),
    ...pages('history: cancelled orders', '/api/orders/deleted', customer, 50),
    ...pages('history: other events', '/api/event-logs', customer, 50),
    // the orders screen
    customer('orders: GET /api/orders', '/api/orders'),
    customer('orders: price history (day)', '/api/orders/price-history?range=day'),
    customer('orders: price history (month)', '/api/orders/price-history?range=month'),
    // the statement of the heavy month, and its PDF
    customer(`statement ${HEAVY_MONTH}`, `/api/statements?month=${HEAVY_MONTH}`, 'heavy', STATEMENT),
    customer(`statement ${HEAVY_MONTH} PDF`, `/api/statements/pdf?month=${HEAVY_MONTH}`, 'heavy', STATEMENT_PDF),
    // IRPF: the year's position, its orders, and the workbook
    customer(`IRPF ${IRPF_YEAR}: position`, `/api/irpf/position/${IRPF_YEAR}`),
    customer(`IRPF ${IRPF_YEAR}: orders p1`, `/api/orders/completed?year=${IRPF_YEAR}&page=1`),
    customer(`IRPF ${IRPF_YEAR}: xlsx`, `/api/orders/export/${IRPF_YEAR}`, 'heavy', IRPF_XLSX),
    // invoices
    customer('invoices: service p1', '/api/service-invoices?page=1'),
    customer('invoices: product p1', '/api/product-invoices?page=1'),
    // /afiliados for the top affiliate
    customer('affiliates: program', '/api/affiliates-program', 'affiliate'),
    ...pages(
      'affiliates: referred',
      '/api/affiliates-program/affiliates',
      (n: string, p: string) => customer(n, p, 'affiliate'),
      50,
    ),
    ...pages(
      'affiliates: rewards',
      '/api/affiliates-program/rewards',
      (n: string, p: string) => customer(n, p, 'affiliate'),
      50,
    ),
    // the proof of reserves: public, and the customer's own leaf
    customer('reserves: public proof', '/api/reserves', null),
    customer('reserves: own proof (typical)', '/api/reserves/proof', 'typical'),
    customer('reserves: own proof (heavy trader)', '/api/reserves/proof'),
    customer('saving plans', '/api/saving-plans', 'typical'),
    customer('price alerts', '/api/price-alerts', 'typical'),
    customer('support: tickets', '/api/tickets?page=1', 'typical'),

    // the back office: the customer search
    operator('customers: name part', `/api/admin/customers?q=${encodeURIComponent(l.namePart)}`),
    ...(l.cpf ? [operator('customers: CPF', `/api/admin/customers?q=${l.cpf}`)] : []),
    ...(l.cnpj ? [operator('customers: CNPJ', `/api/admin/customers?q=${l.cnpj}`)] : []),
    operator('customers: e-mail part', `/api/admin/customers?q=${encodeURIComponent(l.emailPart)}`),
    ...pages('customers: all', '/api/admin/customers', operator, 1000),
    ...pages('customers: pending', '/api/admin/customers?status=pending', operator, 1000),
    operator('customer: detail (heavy)', `/api/admin/customers/${l.ids.heavy ?? 0}`),
    operator('customer: audit (heavy)', `/api/admin/customers/${l.ids.heavy ?? 0}/audit?page=1`),
    operator('customer: statement (heavy)', `/api/admin/customers/${l.ids.heavy ?? 0}/statement?page=1`),
    // each queue and list: first page, page 1,000, with filters
    ...pages('deposits: pending', '/api/admin/deposits?status=pending', operator, 1000),
    ...pages('deposits: approved', '/api/admin/deposits?status=approved', operator, 1000),
    ...pages('deposits: approved Pix', '/api/admin/deposits?status=approved&method=pix', operator, 1000),
    ...pages('withdrawals: pending', '/api/admin/withdrawals?status=pending', operator, 1000),
    ...pages('withdrawals: approved', '/api/admin/withdrawals?status=approved', operator, 1000),
    ...pages('silver withdrawals: paid', '/api/admin/silver-withdrawals?status=paid', operator, 1000),
    ...pages('silver withdrawals: delivered', '/api/admin/silver-withdrawals?status=delivered', operator, 1000),
    ...pages('silver transfers: all', '/api/admin/silver-transfers', operator, 1000),
    ...pages('silver transfers: completed', '/api/admin/silver-transfers?status=completed', operator, 1000),
    operator('silver transfers: e-mail part', `/api/admin/silver-transfers?q=${encodeURIComponent(l.emailPart)}`),
    ...pages('tickets: all', '/api/admin/tickets', operator, 1000),
    ...pages('tickets: pending', '/api/admin/tickets?status=pending', operator, 1000),
    ...pages('saving plans: all', '/api/admin/saving-plans', operator, 1000),
    ...pages('saving plans: active', '/api/admin/saving-plans?status=active', operator, 1000),
    ...pages('affiliates', '/api/admin/affiliates', operator, 1000),
    ...pages('affiliate rewards', '/api/admin/affiliate-rewards', operator, 1000),
    ...pages('trading limit requests', '/api/admin/trading-limit-requests', operator, 1000),
    operator('privacy requests: all', '/api/admin/privacy/requests?status=all'),
    operator('reserves (back office)', '/api/admin/reserves'),
    operator('market (back office)', '/api/admin/market'),
    operator('reconciliation: last run', '/api/admin/reconciliation'),
    ...pages('audit log', '/api/admin/audit-log', operator, 1000),
  ];
  return list;
}
