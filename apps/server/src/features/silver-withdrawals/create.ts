import { logFailure } from '@/lib/log-failure';
// Creating an order of bars: the price checked against what the buyer saw, the stock and the holds taken in one
// transaction, then the Pix charge (docs/silver.md).
import {
  type CreateSilverWithdrawalInput,
  formatBRL,
  formatDateTimeBR,
  formatGrams,
  type GuestSilverWithdrawalInput,
  MESSAGES,
} from '@prata/domain';
import { brCodeQrPngBase64 } from '@/adapters/payments/index';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { BuyerData, DeliveryAddressData, SilverWithdrawalItemRow, SilverWithdrawalRow, UserRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { AppError, invalid } from '@/lib/errors';
import { enqueueEmail } from '@/messaging/outbox';
import { silverPixMail } from '@/messaging/templates';
import { LedgerRefusedError } from '@/ledger/index';
import {
  loadSilverSettings,
  type PricedOrder,
  priceOrder,
  stockLeft,
  takeCouponUse,
  takeStockIfLeft,
} from '@/features/catalogue/index';
import { checkCpfStatus } from '@/features/profile/index';
import { listAddresses } from '@/features/users/index';
import { holdAtCreation, reference } from './ledger';
import { orderToken } from './order-token';
import { insertItems, insertWithdrawal, updateWithdrawal } from './repository/index';
import { closeWithdrawal, enqueuePaidMail, itemsText, presentWithdrawal } from './service';

type Tx = Executor;

type ItemShown = CreateSilverWithdrawalInput['items'][number];

/**
 * What the client says it showed for the order: each item's total, or the sum of its lines. The server's total may
 * be lower (the customer pays less), never higher (409 SILVER_CHARGE_CHANGED).
 */
function shownTotalCents(items: readonly ItemShown[]): number {
  return items.reduce(
    (sumCents, i) =>
      sumCents +
      (i.total_cents ??
        (i.silver_value_cents ?? 0) +
          i.minting_fee_cents +
          i.shipping_fee_cents +
          i.insurance_fee_cents +
          i.icms_cents +
          i.difal_cents +
          i.pis_cents +
          i.cofins_cents),
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
  if (priced.charges.totals.totalCents > shownTotalCents(input.items)) {
    throw new AppError('SILVER_CHARGE_CHANGED', MESSAGES.chargeChanged);
  }
  const settings = await loadSilverSettings(deps.database.db);
  const row = await withTransaction(deps.database.db, (tx) =>
    insertWithHolds(tx, order, priced, kind, settings.pixExpiryMinutes),
  );
  deps.outbox.kick();
  if (row.paymentMethod === 'balance') {
    return { message: MESSAGES.silverBalanceCreated, silverWithdrawal: presentWithdrawal(row, row.items) };
  }
  return chargeByPix(deps, row, order);
}

/** The stock, guarded: two buyers of the last bar cannot both take it. */
async function takeStock(tx: Tx, items: Order['input']['items'], priced: PricedOrder) {
  for (const [i, item] of items.entries()) {
    const product = priced.products[i]!;
    if (!(await takeStockIfLeft(tx, product.id, item.quantity))) {
      const left = await stockLeft(tx, product.id);
      const message = left === 0 ? MESSAGES.productSoldOut(product.name) : MESSAGES.stockExceeded(product.name, left);
      throw invalid('items', message, 'STOCK_EXCEEDED');
    }
  }
}

/** The order's row, with the charges the server priced. */
async function insertOrder(
  tx: Tx,
  order: Order,
  priced: PricedOrder,
  kind: 'purchase' | 'custody',
  pixExpiryMinutes: number,
) {
  const { input, user } = order;
  const t = priced.charges.totals;
  return insertWithdrawal(tx, {
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
    silverCg: t.gramsCg,
    silverValueCents: t.silverValueCents,
    mintingCents: t.mintingFeeCents,
    shippingCents: t.shippingFeeCents,
    insuranceCents: t.insuranceFeeCents,
    icmsCents: t.icmsCents,
    difalCents: t.difalCents,
    pisCents: t.pisCents,
    cofinsCents: t.cofinsCents,
    discountCents: t.discountCents,
    totalCents: t.totalCents,
    pixExpiresAt: input.paymentMethod === 'pix' ? new Date(Date.now() + pixExpiryMinutes * 60_000) : null,
  });
}

/** The order's lines, one per product, each with its share of the charges. */
async function insertLines(tx: Tx, orderId: number, priced: PricedOrder) {
  return insertItems(
    tx,
    priced.charges.items.map((l, i) => ({
      silverWithdrawalId: orderId,
      productTypeId: l.productTypeId,
      name: priced.products[i]!.name,
      quantity: l.quantity,
      gramsCg: l.gramsCg,
      pricePerGramCents: l.pricePerGramCents,
      silverValueCents: l.silverValueCents,
      mintingCents: l.mintingFeeCents,
      shippingCents: l.shippingFeeCents,
      insuranceCents: l.insuranceFeeCents,
      icmsCents: l.icmsCents,
      difalCents: l.difalCents,
      pisCents: l.pisCents,
      cofinsCents: l.cofinsCents,
      discountCents: l.discountCents,
      totalCents: l.totalCents,
    })),
  );
}

/** The ledger's holds of a new order; a refusal becomes the customer's error (the transaction rolls back). */
async function holdOrRefuse(tx: Tx, row: SilverWithdrawalRow, kind: 'purchase' | 'custody') {
  const held = await holdAtCreation(tx, row);
  if (held.ok) return;
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

async function insertWithHolds(
  tx: Tx,
  order: Order,
  priced: PricedOrder,
  kind: 'purchase' | 'custody',
  pixExpiryMinutes: number,
) {
  const { input, user } = order;
  await takeStock(tx, input.items, priced);
  if (priced.coupon) await takeCouponUse(tx, priced.coupon.id);
  const row = await insertOrder(tx, order, priced, kind, pixExpiryMinutes);
  const items = await insertLines(tx, row.id, priced);
  await holdOrRefuse(tx, row, kind);
  if (user) {
    const t = priced.charges.totals;
    const what = kind === 'purchase' ? 'Compra' : 'Retirada';
    await logEvent(
      tx,
      user.id,
      `${what} de prata física nº ${row.id} (${formatGrams(t.gramsCg)}, ${formatBRL(t.totalCents)}) solicitada`,
    );
  }
  if (row.paymentMethod === 'balance') await enqueuePaidMail(tx, row, items);
  return { ...row, items };
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
  } catch (err) {
    logFailure(`silver withdrawals: the Pix charge of withdrawal ${row.id} failed`, err);
    await closeWithdrawal(deps, row.id, 'cancelled', null);
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', MESSAGES.paymentProviderUnavailable);
  }
  const token = orderToken(deps.config.jwtSecret, row.id);
  // the charge and the e-mail that carries its code in one transaction: the buyer who closes the tab can still pay
  const updated = await withTransaction(deps.database.db, async (tx) => {
    const saved = await updateWithdrawal(tx, row.id, {
      asaasPaymentId: charge.paymentId,
      pixCopiaECola: charge.pixCopiaECola,
      updatedAt: new Date(),
    });
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

/** The checkout's Pix step of an order (the web's /comprar-prata/{id}/checkout?etapa=pix&pedido=<token>). */
const orderPageUrl = (deps: AppDeps, productTypeId: number, token: string) =>
  `${deps.config.publicUrl}/comprar-prata/${productTypeId}/checkout?etapa=pix&pedido=${encodeURIComponent(token)}`;
