import type {
  CalculateChargeRequest,
  CalculateChargeResponse,
  ChargeItem,
  SilverWithdrawalItemInput,
} from '@prata/domain';
import { useCallback, useRef, useState } from 'react';
import { hasErrorCode } from '@/lib/api';
import { notify } from '@/lib/notify';
import { COUPON_APPLIED, COUPON_REMOVED } from '../labels';
import { couponErrorOf } from '../components/coupon-dialog';
import { calculateCharge, getCoupon } from './checkout';

/** The figures of a calculated item, as the order call takes them back (spec 3 §7: the server checks them again). */
export function orderItemOf(item: ChargeItem): SilverWithdrawalItemInput {
  return {
    product_type_id: item.product_type_id,
    quantity: item.quantity,
    quantity_grams: item.quantity_grams,
    price_per_gram: item.price_per_gram,
    silver_value: item.silver_value,
    minting_fee: item.minting_fee,
    shipping_fee: item.shipping_fee,
    insurance_fee: item.insurance_fee,
    icms: item.icms,
    difal: item.difal,
    pis: item.pis,
    cofins: item.cofins,
    discount: item.discount,
    total: item.total,
  };
}

export type ChargeInput = Omit<CalculateChargeRequest, 'coupon_code' | 'onlyAdminOrders'>;

/**
 * The charge of a silver order and its coupon (spec 1 §4.2): `calculate` keeps the coupon applied so far; a coupon
 * that no longer holds is dropped with a notice and the charge is calculated without it. `applyCoupon` checks the
 * code (GET /api/coupon) and recalculates with it ('Cupom aplicado com sucesso!'), answering the error to show under
 * the field; `removeCoupon` recalculates without it ('Cupom removido'). `initialCoupon`: a code applied before.
 */
export function useSilverCharge(initialCoupon: string | null = null) {
  const [charge, setCharge] = useState<CalculateChargeResponse | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<ChargeInput | null>(null);
  // a coupon applied before a reload (the checkout keeps it): the next calculation carries it
  const couponCode = useRef<string | null>(initialCoupon);

  const run = useCallback(async (next: ChargeInput, code: string | null) => {
    setPending(true);
    try {
      const answer = await calculateCharge({ ...next, coupon_code: code });
      input.current = next;
      couponCode.current = answer.coupon?.code ?? null;
      setCharge(answer);
      return answer;
    } finally {
      setPending(false);
    }
  }, []);

  const calculate = useCallback(
    async (next: ChargeInput) => {
      const code = couponCode.current;
      try {
        return await run(next, code);
      } catch (error) {
        if (!code || !hasErrorCode(error, 'COUPON_INVALID')) throw error;
        notify.warning(`${couponErrorOf(error)} O cupom foi removido.`);
        couponCode.current = null;
        return run(next, null);
      }
    },
    [run],
  );

  const applyCoupon = useCallback(
    async (code: string): Promise<string | null> => {
      if (!input.current) return null;
      try {
        await getCoupon(code);
        await run(input.current, code);
        notify.success(COUPON_APPLIED);
        return null;
      } catch (error) {
        return couponErrorOf(error);
      }
    },
    [run],
  );

  const removeCoupon = useCallback(async () => {
    if (!input.current) return;
    try {
      await run(input.current, null);
      notify.success(COUPON_REMOVED);
    } catch (error) {
      notify.error(error);
      throw error;
    }
  }, [run]);

  const clear = useCallback(() => {
    input.current = null;
    setCharge(null);
  }, []);

  return { charge, pending, calculate, applyCoupon, removeCoupon, clear };
}
