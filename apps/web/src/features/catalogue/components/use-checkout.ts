import { useEffect, useRef, useState } from 'react';
import { firstError } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { useRegistrationRedirect } from '@/lib/registration-redirect';
import { useSilverOrder } from '@/features/silver-withdrawals';
import { type ChargeInput, useSilverCharge } from '../api/use-silver-charge';
import { PAYMENT_STEP, PIX_SLUG, type SavedCheckout } from '../checkout-state';
import { useCheckoutStep, useSavedCheckout } from '../checkout-steps';
import { cartItemsOf } from './cart-step';
import { useCheckoutForms } from './use-checkout-forms';
import { useCheckoutPay } from './use-checkout-pay';

/** The charge's request for the cart, the address and the freight chosen so far; null until all three are. */
function chargeInputOf({ lines, address, shipping }: SavedCheckout): ChargeInput | null {
  return address && shipping
    ? {
        items: cartItemsOf(lines),
        address: { cep: address.cep, city_id: address.city_id },
        shippingService: shipping,
        includeSilverValue: true,
      }
    : null;
}

/**
 * The payment step after a reload (or Forward into it): the figures are asked again, never kept from before; once per
 * arrival or 'Tentar de novo', so a failed calculation is not asked again on its own.
 */
function usePaymentFigures(
  charge: ReturnType<typeof useSilverCharge>,
  wanted: boolean,
  input: () => ChargeInput | null,
) {
  const [chargeError, setChargeError] = useState<string | null>(null);
  const [chargeTry, setChargeTry] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on arriving at the step, with the state of then
  useEffect(() => {
    const request = input();
    if (!wanted || !request || charge.charge || charge.pending) return;
    setChargeError(null);
    charge.calculate(request).catch((error: unknown) => setChargeError(firstError(error)));
  }, [wanted, chargeTry]);
  return { chargeError, retryCharge: () => setChargeTry((n) => n + 1) };
}

/**
 * The checkout's state and steps: the cart, the buyer (cpf-status), the address (shipping-quote), the freight
 * (calculate-charge), the payment (use-checkout-pay.ts) and the Pix, an expired one renewed.
 */
export function useCheckout(initial: SavedCheckout) {
  const redirect = useRegistrationRedirect();
  const { user, isLoggedIn } = useUser();
  const saved = useSavedCheckout(initial);
  const { store, state, update } = saved;
  const [feesOpen, setFeesOpen] = useState(false);
  const [couponOpen, setCouponOpen] = useState(false);
  const charge = useSilverCharge(initial.couponCode);
  const { lines, guest, address, shipping, orderToken, visited } = state;
  const order = useSilverOrder(orderToken);

  const appliedCoupon = charge.charge?.coupon?.code ?? null;
  const hasCharge = charge.charge !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `update` writes the ref; the coupon is what changes
  useEffect(() => {
    if (hasCharge && store.current.couponCode !== appliedCoupon) update({ couponCode: appliedCoupon });
  }, [hasCharge, appliedCoupon]);

  const userPending = isLoggedIn && !user;
  const steps = useCheckoutStep({ ...saved, isLoggedIn, userPending });
  const { slug, active, go, back } = steps;
  // once the person has moved between steps, each step shown takes the focus to its heading (checkout-panels.tsx)
  const firstStep = useRef(active);
  const stepMoved = useRef(false);
  if (active !== firstStep.current) stepMoved.current = true;
  const pixOpen = slug === PIX_SLUG && orderToken !== null && order.data !== undefined;

  const buyer = isLoggedIn ? (user ? { name: user.name, email: user.email } : null) : guest;
  const chargeInput = () => chargeInputOf(state);
  const figures = usePaymentFigures(charge, active === PAYMENT_STEP && !orderToken && !userPending, chargeInput);
  const forms = useCheckoutForms({ state, update, user, charge, chargeInput, go, redirect });
  const payment = useCheckoutPay({ state, update, isLoggedIn, charge, chargeInput, steps, redirect });

  return {
    ...{ saved, state, update, lines, guest, address, shipping, orderToken, visited, user, isLoggedIn },
    ...{ charge, order, active, go, back, stepMoved, pixOpen, buyer },
    ...forms,
    ...figures,
    ...payment,
    ...{ feesOpen, setFeesOpen, couponOpen, setCouponOpen },
  };
}
