import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  type CreateSilverWithdrawalInput,
  formatBRL,
  formatDateTimeBR,
  formatGrams,
  type GuestSilverWithdrawalInput,
  MESSAGES,
  minorToDecimal,
  SILVER_WITHDRAWAL_STATUS_LABELS,
  type SilverWithdrawalStatus,
} from '@prata/domain';
import { brCodeQrPngBase64 } from '../../adapters/payments/index';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import {
  type BuyerData,
  type DeliveryAddressData,
  type SilverWithdrawalItemRow,
  type SilverWithdrawalRow,
  silverProductTypes,
  silverWithdrawalItems,
  silverWithdrawals,
  type UserRow,
} from '../../db/schema/index';
import { withTransaction } from '../../db/tx';
import { logEvent } from '../../lib/audit';
import { AppError, invalid, notFound } from '../../lib/errors';
import { enqueueEmail } from '../../messaging/outbox';
import { silverPaidMail, silverPixMail } from '../../messaging/templates';
import { LedgerRefusedError } from '../../ledger/index';
import {
  forgetCatalogueCache,
  loadSilverSettings,
  type PricedOrder,
  priceOrder,
  returnCouponUse,
  takeCouponUse,
} from '../catalogue/index';
import { HISTORY_PAGE_SIZE, page } from '../history/index';
import type { PaymentTarget, PendingCharge } from '../money/index';
import { checkCpfStatus } from '../profile/index';
import { listAddresses } from '../users/index';
import { holdAtCreation, releaseHolds, reference, settlePixPayment } from './ledger';
import { orderIdOfToken, orderToken } from './order-token';
import { every } from '../../lib/per-turn';
import { loggedAs } from '../../lib/log-failure';

type Tx = Executor;

// ----------------------------------------------------------------------------------------------------------------
// Presenting

const CANCELLABLE: ReadonlySet<SilverWithdrawalStatus> = new Set(['pending']);

export function presentWithdrawal(w: SilverWithdrawalRow, items: SilverWithdrawalItemRow[]) {
  return {
    id: w.id,
    kind: w.kind,
    status: w.status,
    status_label: SILVER_WITHDRAWAL_STATUS_LABELS[w.status],
    created_at: w.createdAt.toISOString(),
    items: items.map((i) => ({
      product_type_id: i.productTypeId,
      name: i.name,
      quantity: i.quantity,
      quantity_grams: minorToDecimal(i.gramsCg),
    })),
    quantity_grams: minorToDecimal(w.silverCg),
    rejection_reason: w.rejectionReason,
    tracking_code: w.trackingCode,
    payment_method: w.paymentMethod,
    total: minorToDecimal(w.totalCents),
    expires_at: w.status === 'pending' && w.pixExpiresAt ? w.pixExpiresAt.toISOString() : null,
    cancellable: CANCELLABLE.has(w.status) && w.userId !== null,
  };
}

export async function itemsOf(db: Executor, ids: number[]) {
  const map = new Map<number, SilverWithdrawalItemRow[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(silverWithdrawalItems)
    .where(inArray(silverWithdrawalItems.silverWithdrawalId, ids))
    .orderBy(asc(silverWithdrawalItems.silverWithdrawalId), asc(silverWithdrawalItems.productTypeId));
  for (const r of rows) {
    const list = map.get(r.silverWithdrawalId) ?? [];
    list.push(r);
    map.set(r.silverWithdrawalId, list);
  }
  return map;
}

/** GET /api/silver-withdrawals?page=N: the customer's own, newest first. */
export async function listSilverWithdrawals(deps: AppDeps, userId: number, pageNumber: number) {
  const db = deps.database.db;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(silverWithdrawals)
      .where(eq(silverWithdrawals.userId, userId))
      .orderBy(desc(silverWithdrawals.id))
      .limit(HISTORY_PAGE_SIZE)
      .offset((pageNumber - 1) * HISTORY_PAGE_SIZE),
    db.select({ n: count() }).from(silverWithdrawals).where(eq(silverWithdrawals.userId, userId)),
  ]);
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    silverWithdrawals: page(
      rows.map((r) => presentWithdrawal(r, items.get(r.id) ?? [])),
      Number(total?.n ?? 0),
    ),
  };
}

/**
 * The buyer's e-mail when an order is paid (a Pix confirmed, or a withdrawal by balance created: its money is held),
 * in the caller's transaction, at the address kept with the order (a guest's is the one typed at checkout).
 */
export async function enqueuePaidMail(tx: Executor, row: SilverWithdrawalRow, items: SilverWithdrawalItemRow[]) {
  await enqueueEmail(tx, {
    to: row.buyer.email,
    ...silverPaidMail(row.buyer.name, {
      id: row.id,
      kind: row.kind,
      total: formatBRL(row.totalCents),
      items: itemsText(items),
      byBalance: row.paymentMethod === 'balance',
    }),
  });
}

// ----------------------------------------------------------------------------------------------------------------
// Creating

type ItemShown = CreateSilverWithdrawalInput['items'][number];

/**
 * What the client says it showed for the order: each item's total, or the sum of its lines. The server's total may
 * be lower (the customer pays less), never higher (409 SILVER_CHARGE_CHANGED).
 */
export function shownTotal(items: readonly ItemShown[]): number {
  return items.reduce(
    (sum, i) =>
      sum +
      (i.total ??
        (i.silver_value ?? 0) + i.minting_fee + i.shipping_fee + i.insurance_fee + i.icms + i.difal + i.pis + i.cofins),
    0,
  );
}

type Order = {
  user: UserRow | null;
  buyer: BuyerData;
  address: Omit<DeliveryAddressData, 'city' | 'state'>;
  input: CreateSilverWithdrawalInput | GuestSilverWithdrawalInput;
  ip: string;
};

/** The delivery address of a signed-in customer: a saved one by id, or the one typed. */
async function signedInAddress(db: Executor, user: UserRow, address: CreateSilverWithdrawalInput['address']) {
  if (address.id !== undefined) {
    const saved = (await listAddresses(db, user.id)).find((a) => a.id === address.id);
    if (!saved) throw invalid('address', MESSAGES.addressNotFound);
    return {
      type: saved.type,
      cep: saved.cep,
      city_id: saved.city_id,
      neighborhood: saved.neighborhood,
      street: saved.street,
      number: saved.number,
      unit: saved.unit,
      other_info: saved.other_info,
    };
  }
  return {
    type: address.type ?? null,
    cep: address.cep!,
    city_id: address.city_id!,
    neighborhood: address.neighborhood!,
    street: address.street!,
    number: address.number!,
    unit: address.unit ?? null,
    other_info: address.other_info ?? null,
  };
}

/** POST /api/silver-withdrawal (a signed-in customer with an approved registration). */
export async function createForCustomer(deps: AppDeps, user: UserRow, input: CreateSilverWithdrawalInput, ip: string) {
  const address = await signedInAddress(deps.database.db, user, input.address);
  return create(deps, {
    user,
    buyer: {
      name: user.name,
      email: user.email,
      cpf: user.cpf,
      nascimento: user.nascimento,
      celular: user.celular,
      sexo: user.sexo,
      nfe_cpf_response: user.nfeCpfResponse ?? null,
    },
    address,
    input,
    ip,
  });
}

/**
 * POST /api/silver-withdrawal/guest: a visitor's purchase, paid by Pix. No account is created; the buyer's data is
 * kept with the order. The CPF is checked again here (spec 1 §4.1: step 2 needs the CPF-status check), whatever the
 * screen says it got.
 */
export async function createForGuest(deps: AppDeps, input: GuestSilverWithdrawalInput, ip: string) {
  if (!input.includeSilverValue) throw new AppError('UNAUTHENTICATED', MESSAGES.custodyNeedsSession);
  const cpfAnswer = await checkCpfStatus(deps, input.user.cpf, input.user.nascimento);
  return create(deps, {
    user: null,
    buyer: {
      name: input.user.name,
      email: input.user.email.toLowerCase(),
      cpf: input.user.cpf,
      nascimento: input.user.nascimento,
      celular: input.user.celular,
      sexo: input.user.sexo,
      nfe_cpf_response: cpfAnswer,
    },
    address: { ...input.address, type: input.address.type ?? null },
    input,
    ip,
  });
}

async function create(deps: AppDeps, order: Order) {
  await deps.limiter.hit('silverOrderAddress', order.ip);
  const { input } = order;
  const kind = input.includeSilverValue ? ('purchase' as const) : ('custody' as const);
  const priced = await priceOrder(deps, {
    items: input.items.map((i) => ({ productTypeId: i.product_type_id, quantity: i.quantity })),
    cep: order.address.cep,
    cityId: order.address.city_id,
    shipping: input.shippingService,
    coupon: input.coupon_id ? { id: input.coupon_id } : null,
    includeSilverValue: input.includeSilverValue,
  });
  if (priced.charges.totals.total > shownTotal(input.items)) {
    throw new AppError('SILVER_CHARGE_CHANGED', MESSAGES.chargeChanged);
  }
  const settings = await loadSilverSettings(deps.database.db);
  const row = await withTransaction(deps.database.db, (tx) =>
    insertWithHolds(tx, order, priced, kind, settings.pixExpiryMinutes),
  );
  forgetCatalogueCache();
  deps.outbox.kick();
  if (row.paymentMethod === 'balance') {
    return { message: MESSAGES.silverBalanceCreated, silverWithdrawal: presentWithdrawal(row, row.items) };
  }
  return chargeByPix(deps, row, order);
}

async function insertWithHolds(
  tx: Tx,
  order: Order,
  priced: PricedOrder,
  kind: 'purchase' | 'custody',
  pixExpiryMinutes: number,
) {
  const { input, user } = order;
  const { charges } = priced;
  // the stock, guarded: two buyers of the last bar cannot both take it
  for (const [i, item] of input.items.entries()) {
    const product = priced.products[i]!;
    const [taken] = await tx
      .update(silverProductTypes)
      .set({ stock: sql`${silverProductTypes.stock} - ${item.quantity}`, updatedAt: new Date() })
      .where(
        and(
          eq(silverProductTypes.id, product.id),
          eq(silverProductTypes.active, true),
          sql`${silverProductTypes.stock} >= ${item.quantity}`,
        ),
      )
      .returning({ stock: silverProductTypes.stock });
    if (!taken) {
      const [now] = await tx
        .select({ stock: silverProductTypes.stock })
        .from(silverProductTypes)
        .where(eq(silverProductTypes.id, product.id));
      const left = now?.stock ?? 0;
      const message = left === 0 ? MESSAGES.productSoldOut(product.name) : MESSAGES.stockExceeded(product.name, left);
      throw invalid('items', message, 'STOCK_EXCEEDED');
    }
  }
  if (priced.coupon) await takeCouponUse(tx, priced.coupon.id);
  const t = charges.totals;
  const [row] = await tx
    .insert(silverWithdrawals)
    .values({
      userId: user?.id ?? null,
      kind,
      paymentMethod: input.paymentMethod,
      buyer: order.buyer,
      address: { ...order.address, city: priced.city.name, state: priced.city.state },
      destinationState: priced.destinationState,
      shipping: {
        Carrier: priced.shipping.carrier,
        ServiceCode: priced.shipping.serviceCode,
        ServiceDescription: priced.shipping.serviceDescription,
        DeliveryTime: priced.shipping.deliveryDays,
      },
      couponId: priced.coupon?.id ?? null,
      requiresOrder: input.requiresOrder ?? false,
      silverCg: t.grams,
      silverValueCents: t.silverValue,
      mintingCents: t.mintingFee,
      shippingCents: t.shippingFee,
      insuranceCents: t.insuranceFee,
      icmsCents: t.icms,
      difalCents: t.difal,
      pisCents: t.pis,
      cofinsCents: t.cofins,
      discountCents: t.discount,
      totalCents: t.total,
      pixExpiresAt: input.paymentMethod === 'pix' ? new Date(Date.now() + pixExpiryMinutes * 60_000) : null,
    })
    .returning();
  const items = await tx
    .insert(silverWithdrawalItems)
    .values(
      charges.items.map((l, i) => ({
        silverWithdrawalId: row!.id,
        productTypeId: l.productTypeId,
        name: priced.products[i]!.name,
        quantity: l.quantity,
        gramsCg: l.grams,
        pricePerGramCents: l.pricePerGram,
        silverValueCents: l.silverValue,
        mintingCents: l.mintingFee,
        shippingCents: l.shippingFee,
        insuranceCents: l.insuranceFee,
        icmsCents: l.icms,
        difalCents: l.difal,
        pisCents: l.pis,
        cofinsCents: l.cofins,
        discountCents: l.discount,
        totalCents: l.total,
      })),
    )
    .returning();
  const held = await holdAtCreation(tx, row!);
  if (!held.ok) {
    if (held.result.reason === 'insufficient_funds') {
      if (kind === 'purchase' && held.what === 'silver')
        throw new AppError('SILVER_PRICE_UNAVAILABLE', MESSAGES.houseOutOfSilver);
      throw new AppError(
        'INSUFFICIENT_BALANCE',
        held.what === 'silver' ? MESSAGES.insufficientSilver : MESSAGES.insufficientReais,
      );
    }
    throw new LedgerRefusedError(held.result, held.what === 'silver' ? 'AG' : 'BRL');
  }
  if (user) {
    const what = kind === 'purchase' ? 'Compra' : 'Retirada';
    await logEvent(
      tx,
      user.id,
      `${what} de prata física nº ${row!.id} (${formatGrams(t.grams)}, ${formatBRL(t.total)}) solicitada`,
    );
  }
  if (row!.paymentMethod === 'balance') await enqueuePaidMail(tx, row!, items);
  return { ...row!, items };
}

/**
 * The Pix charge of a new order, after its row and holds are committed (its reference names the row). If the
 * provider fails, the order is cancelled at once (holds, stock and coupon back) and the customer told to try again.
 */
async function chargeByPix(
  deps: AppDeps,
  row: SilverWithdrawalRow & { items: SilverWithdrawalItemRow[] },
  order: Order,
) {
  const payments = deps.adapters.payments;
  let charge: Awaited<ReturnType<typeof payments.createPixCharge>>;
  try {
    charge = await payments.createPixCharge({
      reference: reference(row.id),
      amountCents: row.totalCents,
      customer: {
        userId: order.user?.id ?? 0,
        name: order.buyer.name,
        cpfCnpj: order.buyer.cpf ?? '',
        email: order.buyer.email,
      },
      description: `Prata nº ${row.id} ${formatBRL(row.totalCents)}`.slice(0, 40),
      dueDate: new Date().toISOString().slice(0, 10),
    });
  } catch {
    await closeWithdrawal(deps, row.id, 'cancelled', null);
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', MESSAGES.paymentProviderUnavailable);
  }
  const token = orderToken(deps.config.jwtSecret, row.id);
  // the charge and the e-mail that carries its code in one transaction: the buyer who closes the tab can still pay
  const updated = await withTransaction(deps.database.db, async (tx) => {
    const [saved] = await tx
      .update(silverWithdrawals)
      .set({ asaasPaymentId: charge.paymentId, pixCopiaECola: charge.pixCopiaECola, updatedAt: new Date() })
      .where(eq(silverWithdrawals.id, row.id))
      .returning();
    await enqueueEmail(tx, {
      to: order.buyer.email,
      ...silverPixMail(order.buyer.name, {
        id: row.id,
        total: formatBRL(row.totalCents),
        items: itemsText(row.items),
        pixCopiaECola: charge.pixCopiaECola,
        expiresAt: row.pixExpiresAt ? formatDateTimeBR(row.pixExpiresAt) : '',
        url: orderPageUrl(deps, row.items[0]?.productTypeId ?? 0, token),
      }),
    });
    return saved!;
  });
  deps.outbox.kick();
  return {
    message: MESSAGES.silverPixCreated,
    silverWithdrawal: presentWithdrawal(updated, row.items),
    pixQrCode: await brCodeQrPngBase64(charge.pixCopiaECola),
    pixCopiaECola: charge.pixCopiaECola,
    order_token: token,
  };
}

const itemsText = (items: readonly SilverWithdrawalItemRow[]) =>
  items.map((i) => `${i.quantity} × ${i.name}`).join(', ');

/** The checkout's Pix step of an order (the web's /comprar-prata/{id}/checkout?etapa=pix&pedido=<token>). */
const orderPageUrl = (deps: AppDeps, productTypeId: number, token: string) =>
  `${deps.config.publicUrl}/comprar-prata/${productTypeId}/checkout?etapa=pix&pedido=${encodeURIComponent(token)}`;

/**
 * GET /api/silver-withdrawal/order/{token}: the order its buyer made (guest or signed in), read with the token the
 * creation answered. A malformed, forged or unknown token is 404, as another's order. While the Pix can still be
 * paid the QR code comes again, so a reload shows the same charge instead of making a second one.
 */
export async function readOrderByToken(deps: AppDeps, token: string) {
  const id = orderIdOfToken(deps.config.jwtSecret, token);
  if (id === null) throw notFound(MESSAGES.silverOrderNotFound);
  const db = deps.database.db;
  const [row] = await db.select().from(silverWithdrawals).where(eq(silverWithdrawals.id, id)).limit(1);
  if (row?.paymentMethod !== 'pix' || !row) throw notFound(MESSAGES.silverOrderNotFound);
  const items = (await itemsOf(db, [id])).get(id) ?? [];
  const payable = row.status === 'pending' && row.pixCopiaECola && row.pixExpiresAt && row.pixExpiresAt > new Date();
  return {
    silverWithdrawal: presentWithdrawal(row, items),
    order_token: token,
    ...(payable ? { pixQrCode: await brCodeQrPngBase64(row.pixCopiaECola!), pixCopiaECola: row.pixCopiaECola! } : {}),
  };
}

// ----------------------------------------------------------------------------------------------------------------
// Closing: cancelled by the customer, expired, or the provider failed at creation

export async function lockWithdrawal(tx: Executor, where: { id: number } | { paymentId: string }) {
  const [row] = await tx
    .select()
    .from(silverWithdrawals)
    .where('id' in where ? eq(silverWithdrawals.id, where.id) : eq(silverWithdrawals.asaasPaymentId, where.paymentId))
    .for('update')
    .limit(1);
  return row;
}

/** Stock and coupon back, in the caller's transaction (an order that will not ship). */
export async function giveBackStockAndCoupon(tx: Executor, row: SilverWithdrawalRow) {
  const items = await tx
    .select()
    .from(silverWithdrawalItems)
    .where(eq(silverWithdrawalItems.silverWithdrawalId, row.id));
  for (const item of items) {
    await tx
      .update(silverProductTypes)
      .set({ stock: sql`${silverProductTypes.stock} + ${item.quantity}`, updatedAt: new Date() })
      .where(eq(silverProductTypes.id, item.productTypeId));
  }
  if (row.couponId) await returnCouponUse(tx, row.couponId);
}

/** A pending withdrawal closed without shipping (cancelled or expired), in its own transaction. */
async function closeWithdrawal(
  deps: AppDeps,
  id: number,
  status: 'cancelled' | 'expired',
  userId: number | null,
  now = new Date(),
): Promise<SilverWithdrawalRow | null> {
  const row = await withTransaction(deps.database.db, async (tx) => {
    const locked = await lockWithdrawal(tx, { id });
    if (!locked || (userId !== null && locked.userId !== userId)) throw notFound();
    if (locked.status !== 'pending') {
      if (userId !== null)
        throw new AppError('SILVER_WITHDRAWAL_NOT_CANCELLABLE', MESSAGES.silverWithdrawalNotCancellable);
      return null;
    }
    if (status === 'expired' && (!locked.pixExpiresAt || locked.pixExpiresAt > now)) return null;
    await releaseHolds(tx, locked);
    await giveBackStockAndCoupon(tx, locked);
    const at = new Date();
    const [updated] = await tx
      .update(silverWithdrawals)
      .set({ status, resolvedAt: at, updatedAt: at })
      .where(eq(silverWithdrawals.id, id))
      .returning();
    if (locked.userId) {
      await logEvent(
        tx,
        locked.userId,
        `Retirada de prata nº ${id} ${status === 'cancelled' ? 'cancelada' : 'expirada (Pix não pago)'}`,
      );
    }
    return updated!;
  });
  forgetCatalogueCache();
  if (row?.asaasPaymentId) {
    // best effort: the row already refuses any payment (a late one is recorded for operators, never applied)
    await deps.adapters.payments
      .cancelCharge(row.asaasPaymentId)
      .catch(loggedAs(`silver withdrawal ${row.id}: the provider's charge was not cancelled`, 'warn'));
  }
  return row;
}

/** PUT /api/silver-withdrawal/{id}/cancel: the customer's own pending withdrawal (another's: 404). */
export async function cancelSilverWithdrawal(deps: AppDeps, userId: number, id: number) {
  const row = await closeWithdrawal(deps, id, 'cancelled', userId);
  const items = await itemsOf(deps.database.db, [id]);
  return {
    silverWithdrawal: presentWithdrawal(row!, items.get(id) ?? []),
    message: MESSAGES.silverWithdrawalCancelled,
  };
}

/**
 * Expires the pending Pix orders whose window passed (holds, stock and coupon back). Run by a timer (boot.ts) and
 * by tests directly. Answers how many expired.
 */
export async function expireUnpaidSilverWithdrawals(deps: AppDeps, now = new Date()): Promise<number> {
  const due = await deps.database.db
    .select({ id: silverWithdrawals.id })
    .from(silverWithdrawals)
    .where(
      and(
        eq(silverWithdrawals.status, 'pending'),
        eq(silverWithdrawals.paymentMethod, 'pix'),
        lt(silverWithdrawals.pixExpiresAt, now),
      ),
    )
    .orderBy(asc(silverWithdrawals.id))
    .limit(200);
  let expired = 0;
  for (const { id } of due) {
    if (await closeWithdrawal(deps, id, 'expired', null, now)) expired += 1;
  }
  return expired;
}

/** Runs the expiry every minute; answers a stop function. */
export function startSilverExpirySweeper(deps: AppDeps, everyMs = 60_000): () => void {
  return every(everyMs, () => expireUnpaidSilverWithdrawals(deps), 'silver withdrawals: expiry');
}

// ----------------------------------------------------------------------------------------------------------------
// The payment provider's webhook (through the money feature's payment targets)

const PREFIX = 'silver-withdrawal';

async function pendingCharge(db: Executor, where: ReturnType<typeof eq>, limit: number): Promise<PendingCharge[]> {
  const rows = await db
    .select()
    .from(silverWithdrawals)
    .where(and(where, eq(silverWithdrawals.status, 'pending'), eq(silverWithdrawals.paymentMethod, 'pix')))
    .orderBy(desc(silverWithdrawals.id))
    .limit(limit);
  return rows
    .filter((r) => r.asaasPaymentId)
    .map((r) => ({
      paymentId: r.asaasPaymentId!,
      reference: reference(r.id),
      amountCents: r.totalCents,
      id: r.id,
      email: r.buyer.email,
      createdAt: r.createdAt,
    }));
}

export const silverPaymentTarget: PaymentTarget = {
  prefix: PREFIX,
  async received(_deps, tx, event) {
    const row = await lockWithdrawal(tx, { paymentId: event.paymentId });
    if (!row) return null;
    const detail = `retirada de prata ${row.id}`;
    if (row.totalCents !== event.amountCents) {
      return {
        outcome: 'amount_mismatch',
        detail: `${detail}: esperado ${row.totalCents}, recebido ${event.amountCents} centavos`,
      };
    }
    if (row.status !== 'pending') {
      // paid before (a second event), or paid after it was cancelled or expired: money to give back, never applied
      const late = row.status === 'cancelled' || row.status === 'expired' || row.status === 'rejected';
      return { outcome: late ? 'late_payment' : 'duplicate', detail };
    }
    await settlePixPayment(tx, row);
    const now = new Date();
    await tx
      .update(silverWithdrawals)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(eq(silverWithdrawals.id, row.id));
    if (row.userId) await logEvent(tx, row.userId, `Pix da retirada de prata nº ${row.id} recebido`);
    await enqueuePaidMail(tx, row, (await itemsOf(tx, [row.id])).get(row.id) ?? []);
    return { outcome: 'silver_paid', detail };
  },
  async cancelled(_deps, tx, event) {
    const row = await lockWithdrawal(tx, { paymentId: event.paymentId });
    if (!row) return null;
    if (row.status !== 'pending') return { outcome: 'ignored', detail: `retirada de prata ${row.id}` };
    await releaseHolds(tx, row);
    await giveBackStockAndCoupon(tx, row);
    const now = new Date();
    await tx
      .update(silverWithdrawals)
      .set({ status: 'cancelled', resolvedAt: now, updatedAt: now })
      .where(eq(silverWithdrawals.id, row.id));
    return { outcome: 'cancelled', detail: `retirada de prata ${row.id} cancelada pelo provedor` };
  },
  async findCharge(db, paymentId) {
    const [found] = await pendingCharge(db, eq(silverWithdrawals.asaasPaymentId, paymentId), 1);
    return found ?? null;
  },
  pendingCharges(db, limit) {
    return pendingCharge(db, sql`true` as unknown as ReturnType<typeof eq>, limit);
  },
};
