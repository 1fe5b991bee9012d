import type {
  Address,
  CalculateChargeRequest,
  CreateSilverWithdrawalResponse,
  ProductType,
  ShippingService,
  SilverPaymentMethod,
} from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { hasErrorCode } from '@/lib/api';
import { USER_QUERY_KEY } from '@/lib/auth';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { HISTORY_QUERY_KEY, orderItemOf, SILVER_HISTORY_PATH, type useSilverCharge } from '@/features/catalogue';
import { createSilverWithdrawal } from '../api/create-silver-withdrawal';

/** The bars chosen, as the calls take them. */
export const itemsOf = (product: ProductType | null, quantity: number) =>
  product ? [{ product_type_id: product.id, quantity }] : [];

/** The charge of the freight chosen (the silver is in custody already: its value is not charged). */
export const freightCharge = (
  product: ProductType | null,
  quantity: number,
  address: Address,
  shipping: ShippingService,
): Omit<CalculateChargeRequest, 'coupon_code' | 'onlyAdminOrders'> => ({
  items: itemsOf(product, quantity),
  address: { cep: address.cep, city_id: address.city_id },
  shippingService: shipping,
  includeSilverValue: false,
});

type PaymentInput = {
  product: ProductType | null;
  quantity: number;
  address: Address | null;
  shipping: ShippingService | null;
  charge: ReturnType<typeof useSilverCharge>;
  fail: (error: unknown) => void;
};

/**
 * The wizard's payment, by balance (after its confirmation) or by Pix (the QR dialog). Each payment is one intention
 * (lib/intention.ts): one Idempotency-Key for what is chosen, kept across double taps and retries, both payment
 * buttons locked while it runs.
 */
export function useSilverPayment({ product, quantity, address, shipping, charge, fail }: PaymentInput) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [payment, setPayment] = useState<CreateSilverWithdrawalResponse | null>(null);
  const [confirmingBalance, setConfirmingBalance] = useState(false);
  const chosen = {
    product: product?.id ?? null,
    quantity,
    address: address?.id ?? null,
    shipping: shipping ? `${shipping.Carrier}|${shipping.ServiceCode}` : null,
    coupon: charge.charge?.coupon?.id ?? null,
    total: charge.charge?.totals.total ?? null,
  };
  const byBalance = useIntention({ ...chosen, paymentMethod: 'balance' });
  const byPix = useIntention({ ...chosen, paymentMethod: 'pix' });

  const pay = async (paymentMethod: SilverPaymentMethod) => {
    const current = charge.charge;
    if (!current || !address || !shipping) return;
    const body = {
      items: current.items.map(orderItemOf),
      address: { id: address.id },
      shippingService: shipping,
      coupon_id: current.coupon?.id ?? null,
      includeSilverValue: false,
      requiresOrder: false,
      paymentMethod,
    };
    try {
      const intention = paymentMethod === 'pix' ? byPix : byBalance;
      const answer = await intention.run((key) => createSilverWithdrawal(body, key));
      if (!answer) return;
      setConfirmingBalance(false);
      if (paymentMethod === 'pix') {
        setPayment(answer);
      } else {
        notify.success(answer.message);
        navigate(SILVER_HISTORY_PATH);
      }
    } catch (error) {
      setConfirmingBalance(false);
      fail(error);
      if (hasErrorCode(error, 'SILVER_CHARGE_CHANGED'))
        await charge.calculate(freightCharge(product, quantity, address, shipping)).catch(() => undefined);
    } finally {
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
    }
  };

  return {
    payment,
    confirmingBalance,
    setConfirmingBalance,
    paying: byBalance.busy || byPix.busy,
    payingByBalance: byBalance.busy,
    pay,
  };
}
