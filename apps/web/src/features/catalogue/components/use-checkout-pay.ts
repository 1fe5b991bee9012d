import type { CreateSilverWithdrawalResponse } from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { hasErrorCode } from '@/lib/api';
import { USER_QUERY_KEY } from '@/lib/auth';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import type { useRegistrationRedirect } from '@/lib/registration-redirect';
import {
  createGuestSilverWithdrawal,
  createSilverWithdrawal,
  silverOrderQueryKey,
} from '@/features/silver-withdrawals';
import { HISTORY_QUERY_KEY } from '../api/keys';
import { type ChargeInput, orderItemOf, type useSilverCharge } from '../api/use-silver-charge';
import { PAYMENT_STEP, PIX_SLUG, type SavedCheckout } from '../checkout-state';
import type { useCheckoutStep } from '../checkout-steps';
import { SILVER_HISTORY_PATH } from '../labels';
import { clearGuestBuyerDraft } from './buyer-step';

type PayInput = {
  state: SavedCheckout;
  update: (change: Partial<SavedCheckout>) => void;
  isLoggedIn: boolean;
  charge: ReturnType<typeof useSilverCharge>;
  chargeInput: () => ChargeInput | null;
  steps: Pick<ReturnType<typeof useCheckoutStep>, 'go' | 'leavePix'>;
  redirect: ReturnType<typeof useRegistrationRedirect>;
};

/**
 * The checkout's payment: the order made from the figures shown (one Idempotency-Key per order as shown), its Pix
 * followed by its token, an expired one renewed, and where closing the Pix leads.
 */
export function useCheckoutPay({ state, update, isLoggedIn, charge, chargeInput, steps, redirect }: PayInput) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [createdMessage, setCreatedMessage] = useState('');
  const [untracked, setUntracked] = useState<CreateSilverWithdrawalResponse | null>(null);
  const { guest, address, shipping } = state;
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

  const followOrder = (answer: CreateSilverWithdrawalResponse) => {
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
    steps.go(PIX_SLUG, token);
  };

  const pay = async () => {
    if (!orderRequest || !address || !shipping) return;
    try {
      const answer = await intention.run((key) =>
        isLoggedIn || !guest
          ? createSilverWithdrawal(orderRequest, key)
          : createGuestSilverWithdrawal({ ...orderRequest, address, user: guest }, key),
      );
      if (answer) followOrder(answer);
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
    steps.go(PAYMENT_STEP, null);
  };

  const orderHeading = useRef<HTMLHeadingElement>(null);
  const closePix = () => {
    setUntracked(null);
    if (isLoggedIn) navigate(SILVER_HISTORY_PATH);
    else steps.leavePix();
  };

  return { pay, paying: intention.busy, renew, orderHeading, closePix, createdMessage, untracked };
}
