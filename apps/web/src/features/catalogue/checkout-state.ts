import type { AddressRequest, ProductType, ShippingService } from '@prata/domain';
import type { City } from '@/lib/auth';
import type { CartLine } from './components/cart-table';
import type { GuestBuyerData } from './components/guest-buyer-form';

/**
 * The checkout's steps as the address bar names them (`?etapa=`), in order; `pix` is the last step with the Pix of
 * the order made (`&pedido=<token>`) open over it. Back and Forward move between these addresses.
 */
const STEP_SLUGS = ['carrinho', 'dados', 'endereco', 'envio', 'pagamento'] as const;
export const PIX_SLUG = 'pix';
export const STEP_PARAM = 'etapa';
const ORDER_PARAM = 'pedido';

/** The step index of an `etapa` value (the Pix is the payment step), or null for none or an unknown one. */
export function stepOfSlug(slug: string | null): number | null {
  if (slug === PIX_SLUG) return STEP_SLUGS.length - 1;
  const index = STEP_SLUGS.indexOf(slug as (typeof STEP_SLUGS)[number]);
  return index < 0 ? null : index;
}

/** The address of a step (and of the order, once it exists): `?etapa=endereco`, `?etapa=pix&pedido=…`. */
export function checkoutSearch(step: number | typeof PIX_SLUG, orderToken: string | null): string {
  const params = new URLSearchParams({ [STEP_PARAM]: step === PIX_SLUG ? PIX_SLUG : STEP_SLUGS[step]! });
  if (orderToken) params.set(ORDER_PARAM, orderToken);
  return `?${params}`;
}

/**
 * What a checkout in progress keeps in the tab's sessionStorage, so a reload (or Back into it) finds it as it was:
 * the cart, the buyer, the address (with its city, for the form), the shipping options and the choice, the coupon,
 * and, once the order exists, its token (the order itself is then read from the server). The e-mail a visitor typed
 * on the identification step travels here too, never in the address bar. sessionStorage dies with the tab.
 */
export type SavedCheckout = {
  /** the product the checkout was opened for (the path's id) */
  productId: number;
  lines: CartLine[];
  /** the furthest step reached with its call answered */
  visited: number;
  email: string;
  guest: GuestBuyerData | null;
  address: AddressRequest | null;
  city: City | null;
  services: ShippingService[];
  shipping: ShippingService | null;
  couponCode: string | null;
  orderToken: string | null;
};

const KEY = 'prata.checkout';
const EMAIL_KEY = 'prata.checkout.email';
/** at most this many characters are read back (a tampered or stale entry is dropped) */
const MAX_SAVED_CHARS = 200_000;

function emptyCheckout(product: ProductType, email = ''): SavedCheckout {
  return {
    productId: product.id,
    lines: [{ product, quantity: 1 }],
    visited: 0,
    email,
    guest: null,
    address: null,
    city: null,
    services: [],
    shipping: null,
    couponCode: null,
    orderToken: null,
  };
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: the checkout still works, it just does not survive a reload
  }
}

/** The checkout saved in this tab for `productId`, or null. */
function loadCheckout(productId: number): SavedCheckout | null {
  const text = storage()?.getItem(KEY);
  if (!text || text.length > MAX_SAVED_CHARS) return null;
  try {
    const saved = JSON.parse(text) as SavedCheckout;
    if (saved.productId !== productId || !Array.isArray(saved.lines) || saved.lines.length === 0) return null;
    return saved;
  } catch {
    return null;
  }
}

export function saveCheckout(state: SavedCheckout): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(state));
  } catch {
    // full or blocked: nothing else to do
  }
}

/** The identification step hands the visitor's e-mail to the checkout here (out of the address bar). */
export function handEmailToCheckout(email: string): void {
  try {
    storage()?.setItem(EMAIL_KEY, email);
  } catch {
    // blocked: the buyer types it again on 'Dados pessoais'
  }
}

/** The e-mail the identification step handed over last in this tab ('' when none). */
function handedEmail(): string {
  return storage()?.getItem(EMAIL_KEY) ?? '';
}

/** The payment step's index (the last). */
export const PAYMENT_STEP = STEP_SLUGS.length - 1;

/** The furthest step the saved data lets the page show (each step needs what the ones before it answered). */
export function reachableStep(state: SavedCheckout, signedIn: boolean): number {
  if (state.orderToken) return PAYMENT_STEP;
  const ready = [true, true, signedIn || state.guest !== null, state.address !== null, state.shipping !== null];
  let step = 0;
  while (step < state.visited && ready[step + 1]) step += 1;
  return step;
}

/**
 * Where a checkout starts: the one this tab kept for the product when the address names a step (a reload, Back or
 * Forward into it, the e-mail's link with the order's token), a new one otherwise (from the catalogue or the
 * identification step, which hands the visitor's e-mail over in sessionStorage; an `?email=` of the spec's route is
 * still taken, and dropped from the address bar).
 */
export function startingState(product: ProductType, params: URLSearchParams): SavedCheckout {
  const email = params.get('email') ?? handedEmail();
  const token = params.get(ORDER_PARAM);
  if (stepOfSlug(params.get(STEP_PARAM)) === null && !token) return emptyCheckout(product, email);
  const saved = loadCheckout(product.id) ?? emptyCheckout(product, email);
  if (token && saved.orderToken !== token) return { ...saved, orderToken: token };
  return saved;
}
