/** BRL in centavos, AG (silver) in centigrams. */
export type Currency = 'BRL' | 'AG';
const CURRENCIES: readonly Currency[] = ['BRL', 'AG'];

export type AccountKind = 'liability' | 'asset' | 'revenue' | 'expense';
export type Bucket = 'available' | 'held';

type SystemAccount = {
  currencies: readonly Currency[];
  kind: AccountKind;
  /** the balance may not go below zero: debit-normal → credits ≤ debits, credit-normal → debits ≤ credits */
  nonNegative?: boolean;
};

/**
 * The system accounts of the chart (LEDGER.md), seeded by migration 0002_ledger.sql. An account that exists in both
 * currencies is stored as `code:CURRENCY` ('rewards:AG'); the others under their plain code ('vault').
 */
const SYSTEM_ACCOUNTS = {
  'pix:clearing': { currencies: ['BRL'], kind: 'asset' },
  'ted:clearing': { currencies: ['BRL'], kind: 'asset' },
  'payout:clearing': { currencies: ['BRL'], kind: 'asset' },
  /**
   * money received for a deposit that does not match its charge (more, less, late), owed to no one yet: an operator
   * credits it to the customer or sends it back (migration 0024, docs/ledger.md)
   */
  'deposit:suspense': { currencies: ['BRL'], kind: 'liability' },
  vault: { currencies: ['AG'], kind: 'asset', nonNegative: true },
  shipped: { currencies: ['AG'], kind: 'asset' },
  'revenue:operating-fee': { currencies: ['BRL'], kind: 'revenue' },
  'revenue:withdrawal-fee': { currencies: ['BRL'], kind: 'revenue' },
  'revenue:minting': { currencies: ['BRL'], kind: 'revenue' },
  'revenue:shipping': { currencies: ['BRL'], kind: 'revenue' },
  'revenue:insurance': { currencies: ['BRL'], kind: 'revenue' },
  'tax:iof': { currencies: ['BRL'], kind: 'liability' },
  'tax:icms': { currencies: ['BRL'], kind: 'liability' },
  'tax:difal': { currencies: ['BRL'], kind: 'liability' },
  'tax:pis': { currencies: ['BRL'], kind: 'liability' },
  'tax:cofins': { currencies: ['BRL'], kind: 'liability' },
  rewards: { currencies: ['BRL', 'AG'], kind: 'expense' },
  'transfer:unclaimed': { currencies: ['AG'], kind: 'liability', nonNegative: true },
  /** each order's value is rounded once: the centavo a buyer and a seller differ by on a fill (migration 0010) */
  rounding: { currencies: ['BRL'], kind: 'revenue' },
} as const satisfies Record<string, SystemAccount>;

export type SystemCode = keyof typeof SYSTEM_ACCOUNTS;

export type AccountRef = { customer: number; bucket: Bucket } | { house: Bucket } | { system: SystemCode };

/** What it takes to find, or open, one ledger account. */
export type AccountSpec = {
  code: string;
  currency: Currency;
  kind: AccountKind;
  ref: AccountRef;
  ownerUserId: number | null;
  debitsMustNotExceedCredits: boolean;
  creditsMustNotExceedDebits: boolean;
};

const isCurrency = (c: unknown): c is Currency => c === 'BRL' || c === 'AG';
const isBucket = (b: unknown): b is Bucket => b === 'available' || b === 'held';

/** Debit-normal kinds: their balance is debits - credits. Liabilities and revenue: credits - debits. */
export const debitNormal = (kind: AccountKind) => kind === 'asset' || kind === 'expense';

export function customerCode(userId: number, bucket: Bucket, currency: Currency): string {
  return `customer:${userId}:${bucket}:${currency}`;
}

/** The account a reference names in a currency; throws on a reference the chart does not have. */
export function accountSpec(ref: AccountRef, currency: Currency): AccountSpec {
  if (!isCurrency(currency)) throw new TypeError(`ledger: unknown currency ${String(currency)}`);
  if ('customer' in ref) {
    if (!Number.isSafeInteger(ref.customer) || ref.customer <= 0 || !isBucket(ref.bucket)) {
      throw new TypeError(`ledger: invalid customer account ${JSON.stringify(ref)}`);
    }
    return {
      code: customerCode(ref.customer, ref.bucket, currency),
      currency,
      kind: 'liability',
      ref,
      ownerUserId: ref.customer,
      debitsMustNotExceedCredits: true,
      creditsMustNotExceedDebits: false,
    };
  }
  if ('house' in ref) {
    if (!isBucket(ref.house)) throw new TypeError(`ledger: invalid house account ${JSON.stringify(ref)}`);
    return {
      code: `house:${ref.house}:${currency}`,
      currency,
      kind: 'liability',
      ref,
      ownerUserId: null,
      debitsMustNotExceedCredits: true,
      creditsMustNotExceedDebits: false,
    };
  }
  const system: SystemAccount | undefined = Object.hasOwn(SYSTEM_ACCOUNTS, ref.system)
    ? SYSTEM_ACCOUNTS[ref.system]
    : undefined;
  if (!system) throw new TypeError(`ledger: unknown system account ${String(ref.system)}`);
  if (!system.currencies.includes(currency)) {
    throw new TypeError(`ledger: the account ${ref.system} does not hold ${currency}`);
  }
  const nonNegative = system.nonNegative === true;
  return {
    code: system.currencies.length > 1 ? `${ref.system}:${currency}` : ref.system,
    currency,
    kind: system.kind,
    ref,
    ownerUserId: null,
    debitsMustNotExceedCredits: nonNegative && !debitNormal(system.kind),
    creditsMustNotExceedDebits: nonNegative && debitNormal(system.kind),
  };
}

/** Who can hold funds: a customer, or the house (the platform's market-making account). */
export type Holder = { customer: number } | 'house';

/** The available and held accounts a hold moves between. */
export function holderAccounts(holder: Holder): { available: AccountRef; held: AccountRef } {
  if (holder === 'house') return { available: { house: 'available' }, held: { house: 'held' } };
  if (!holder || typeof holder !== 'object' || !('customer' in holder)) {
    throw new TypeError(`ledger: invalid holder ${JSON.stringify(holder)}`);
  }
  return {
    available: { customer: holder.customer, bucket: 'available' },
    held: { customer: holder.customer, bucket: 'held' },
  };
}

/** A held account: it moves only through holds (hold, release, capture), so it always equals its open holds. */
export function isHeld(ref: AccountRef): boolean {
  return ('customer' in ref && ref.bucket === 'held') || ('house' in ref && ref.house === 'held');
}

/** Every account the migration seeds: the house and the system accounts, in both of their currencies. */
export function seededAccounts(): AccountSpec[] {
  const specs: AccountSpec[] = [];
  for (const currency of CURRENCIES) {
    for (const bucket of ['available', 'held'] as const) specs.push(accountSpec({ house: bucket }, currency));
  }
  for (const [code, system] of Object.entries(SYSTEM_ACCOUNTS) as Array<[SystemCode, SystemAccount]>) {
    for (const currency of system.currencies) specs.push(accountSpec({ system: code }, currency));
  }
  return specs;
}
