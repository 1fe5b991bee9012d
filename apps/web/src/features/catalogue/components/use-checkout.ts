import { type AddressRequest, type CreateSilverWithdrawalResponse, MESSAGES, minorToDecimalText } from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { firstError, hasErrorCode } from '../../../lib/api';
import { type City, USER_QUERY_KEY, useUser } from '../../../lib/auth';
import { useIntention } from '../../../lib/intention';
import { notify } from '../../../lib/notify';
import { useRegistrationRedirect } from '../../../lib/registration-redirect';
import {
  createGuestSilverWithdrawal,
  createSilverWithdrawal,
  silverOrderQueryKey,
  useSilverOrder,
} from '../../silver-withdrawals';
import { checkCpfStatus, quoteShipping } from '../api/checkout';
import { HISTORY_QUERY_KEY } from '../api/keys';
import { orderItemOf, useSilverCharge } from '../api/use-silver-charge';
import { PAYMENT_STEP, PIX_SLUG, type SavedCheckout } from '../checkout-state';
import { useCheckoutStep, useSavedCheckout } from '../checkout-steps';
import { clearGuestBuyerDraft } from './buyer-step';
import { cartItemsOf } from './cart-step';
import { cartCentigrams } from './cart-table';
import { shippingKey } from './shipping-options';
import { SILVER_HISTORY_PATH } from '../labels';

/**
 * The checkout's state and steps: the cart, the buyer (cpf-status), the address (shipping-quote), the freight
 * (calculate-charge), the payment (one Idempotency-Key per order as shown) and the Pix, an expired one renewed.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: five steps share one state, each step's request short
export function useCheckout(initial: SavedCheckout) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirect = useRegistrationRedirect();
  const { user, isLoggedIn } = useUser();
  const saved = useSavedCheckout(initial);
  const { store, state, update } = saved;
  const [cpfPending, setCpfPending] = useState(false);
  const [shippingError, setShippingError] = useState<string | null>(null);
  const [createdMessage, setCreatedMessage] = useState('');
  const [untracked, setUntracked] = useState<CreateSilverWithdrawalResponse | null>(null);
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
  const { slug, active, go, back, leavePix } = useCheckoutStep({ ...saved, isLoggedIn, userPending });
  // once the person has moved between steps, each step shown takes the focus to its heading (checkout-panels.tsx)
  const firstStep = useRef(active);
  const stepMoved = useRef(false);
  if (active !== firstStep.current) stepMoved.current = true;
  const pixOpen = slug === PIX_SLUG && orderToken !== null && order.data !== undefined;

  const buyer = isLoggedIn ? (user ? { name: user.name, email: user.email } : null) : guest;
  const chargeInput = () =>
    address && shipping
      ? {
          items: cartItemsOf(lines),
          address: { cep: address.cep, city_id: address.city_id },
          shippingService: shipping,
          includeSilverValue: true,
        }
      : null;

  // The payment step after a reload (or Forward into it): the figures are asked again, never kept from before.
  const [chargeError, setChargeError] = useState<string | null>(null);
  const [chargeTry, setChargeTry] = useState(0);
  // (once per arrival or 'Tentar de novo': a failed calculation is not asked again on its own)
  const figuresWanted = active === PAYMENT_STEP && !orderToken && !userPending;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on arriving at the step, with the state of then
  useEffect(() => {
    const input = chargeInput();
    if (!figuresWanted || !input || charge.charge || charge.pending) return;
    setChargeError(null);
    charge.calculate(input).catch((error: unknown) => setChargeError(firstError(error)));
  }, [figuresWanted, chargeTry]);

  const onCustomerData = async () => {
    if (!user?.cpf || !user.nascimento) return;
    setCpfPending(true);
    try {
      await checkCpfStatus({ cpf: user.cpf, nascimento: user.nascimento });
      go(2);
    } catch (error) {
      if (!redirect(error)) notify.error(error);
    } finally {
      setCpfPending(false);
    }
  };

  const onAddress = async (request: AddressRequest, city: City | null) => {
    const quoted = await quoteShipping({
      quantity_grams: minorToDecimalText(cartCentigrams(lines)),
      address: { cep: request.cep },
    });
    const chosen = shipping && quoted.some((s) => shippingKey(s) === shippingKey(shipping)) ? shipping : null;
    update({ address: request, city, services: quoted, shipping: chosen });
    charge.clear();
    setShippingError(null);
    go(3);
    return {};
  };

  const onShipping = async () => {
    const input = chargeInput();
    if (!input) {
      setShippingError(MESSAGES.chooseOption);
      return;
    }
    try {
      await charge.calculate(input);
      go(4);
    } catch (error) {
      notify.error(error);
    }
  };

  const current = charge.charge;
  const orderRequest =
    current && address && shipping
      ? {
          items: current.items.map(orderItemOf),
          shippingService: shipping,
          coupon_id: current.coupon?.id ?? null,
          includeSilverValue: true,
          requiresOrder: true,
          paymentMethod: 'pix' as const,
          address,
        }
      : null;
  // one Idempotency-Key per order as shown: a double click or a retry makes one order and one charge
  const intention = useIntention({ orderRequest, guest: isLoggedIn ? null : guest });

  const pay = async () => {
    if (!orderRequest || !address || !shipping) return;
    try {
      const answer = await intention.run((key) =>
        isLoggedIn || !guest
          ? createSilverWithdrawal(orderRequest, key)
          : createGuestSilverWithdrawal({ ...orderRequest, address, user: guest }, key),
      );
      if (!answer) return;
      clearGuestBuyerDraft();
      if (isLoggedIn) {
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
      }
      const token = answer.order_token ?? null;
      if (!token) {
        setUntracked(answer); // a server that gives no token: the Pix is shown, not followed
        return;
      }
      queryClient.setQueryData(silverOrderQueryKey(token), {
        silverWithdrawal: answer.silverWithdrawal,
        order_token: token,
        pixQrCode: answer.pixQrCode,
        pixCopiaECola: answer.pixCopiaECola,
      });
      setCreatedMessage(answer.message);
      update({ orderToken: token });
      go(PIX_SLUG, token);
    } catch (error) {
      if (redirect(error)) return;
      notify.error(error);
      // The price, the freight or the stock moved: the new figures are shown for the customer to confirm again.
      const input = chargeInput();
      if (hasErrorCode(error, 'SILVER_CHARGE_CHANGED') && input) await charge.calculate(input).catch(() => undefined);
    }
  };

  // An expired Pix: the same cart, buyer, address and freight, priced again for a new order.
  const renew = () => {
    charge.clear();
    update({ orderToken: null });
    go(PAYMENT_STEP, null);
  };

  const orderHeading = useRef<HTMLHeadingElement>(null);
  const closePix = () => {
    setUntracked(null);
    if (isLoggedIn) navigate(SILVER_HISTORY_PATH);
    else leavePix();
  };

  return {
    saved,
    state,
    update,
    lines,
    guest,
    address,
    shipping,
    orderToken,
    visited,
    user,
    isLoggedIn,
    charge,
    order,
    active,
    go,
    back,
    stepMoved,
    pixOpen,
    buyer,
    cpfPending,
    onCustomerData,
    onAddress,
    shippingError,
    chooseShipping: (service: NonNullable<typeof shipping>) => {
      update({ shipping: service });
      charge.clear();
      setShippingError(null);
    },
    onShipping,
    chargeError,
    retryCharge: () => setChargeTry((n) => n + 1),
    pay,
    paying: intention.busy,
    renew,
    orderHeading,
    closePix,
    createdMessage,
    untracked,
    feesOpen,
    setFeesOpen,
    couponOpen,
    setCouponOpen,
  };
}
