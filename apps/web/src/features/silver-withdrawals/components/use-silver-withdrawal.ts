import {
  type Address,
  type CreateSilverWithdrawalResponse,
  MESSAGES,
  type ProductType,
  type ShippingService,
  type SilverPaymentMethod,
  minorToDecimalText,
} from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { hasErrorCode } from '../../../lib/api';
import { USER_QUERY_KEY, useUser } from '../../../lib/auth';
import { toMinorUnits } from '../../../lib/format';
import { useIntention } from '../../../lib/intention';
import { notify } from '../../../lib/notify';
import { useRegistrationRedirect } from '../../../lib/registration-redirect';
import {
  HISTORY_QUERY_KEY,
  orderItemOf,
  quoteShipping,
  SILVER_HISTORY_PATH,
  useSilverCharge,
  validateQuantity,
} from '../../catalogue';
import { createSilverWithdrawal } from '../api/create-silver-withdrawal';

/** The wizard's steps (spec 3 §4): product and quantity, address, shipping, then the cost and the payment. */
export type WizardStep = 0 | 1 | 2 | 3;

export const centigramsOf = (product: ProductType, quantity: number) => toMinorUnits(product.grams_per_unit) * quantity;

/**
 * The wizard's state and steps. Each step, once done, locks its choices ('Alterar' opens it again and the later steps
 * start over): product and quantity (validate-quantity), the saved address (shipping-quote), the shipping option
 * (calculate-charge without the silver value), then the payment. Each payment is one intention (lib/intention.ts):
 * one Idempotency-Key for what is chosen, kept across double taps and retries, both payment buttons locked while it
 * runs.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one state machine of four steps; split, its state goes by arguments
export function useSilverWithdrawal() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirect = useRegistrationRedirect();
  const { user } = useUser();
  const [step, setStep] = useState<WizardStep>(0);
  const [product, setProduct] = useState<ProductType | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [productError, setProductError] = useState<string | null>(null);
  const [pickedAddress, setAddress] = useState<Address | null>(null);
  // the only saved address is the one the bars go to unless the customer says otherwise: chosen already
  const address = pickedAddress ?? (user?.addresses.length === 1 ? (user.addresses[0] ?? null) : null);
  const [addressError, setAddressError] = useState<string | null>(null);
  const [services, setServices] = useState<ShippingService[]>([]);
  const [shipping, setShipping] = useState<ShippingService | null>(null);
  const [shippingError, setShippingError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [payment, setPayment] = useState<CreateSilverWithdrawalResponse | null>(null);
  const [feesOpen, setFeesOpen] = useState(false);
  const [couponOpen, setCouponOpen] = useState(false);
  const charge = useSilverCharge();
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
  const paying = byBalance.busy || byPix.busy;

  /** Opens a step again: its choices unlock and what came after is asked again. */
  const reopen = (target: WizardStep) => {
    setStep(target);
    if (target <= 2) charge.clear();
    if (target <= 1) setServices([]);
  };

  const fail = (error: unknown) => {
    if (!redirect(error)) notify.error(error);
  };

  const items = () => (product ? [{ product_type_id: product.id, quantity }] : []);

  const confirmProduct = async () => {
    if (!product) return setProductError(MESSAGES.chooseOption);
    setPending(true);
    try {
      await validateQuantity({ items: items() });
      setStep(1);
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  };

  const confirmAddress = async () => {
    if (!address || !product) return setAddressError(MESSAGES.chooseOption);
    setPending(true);
    try {
      const quoted = await quoteShipping({
        quantity_grams: minorToDecimalText(centigramsOf(product, quantity)),
        address: { cep: address.cep },
      });
      setServices(quoted);
      setShipping((chosen) =>
        chosen && quoted.some((s) => s.ServiceCode === chosen.ServiceCode && s.Carrier === chosen.Carrier)
          ? chosen
          : null,
      );
      setStep(2);
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  };

  const confirmShipping = async () => {
    if (!shipping || !address) return setShippingError(MESSAGES.chooseOption);
    try {
      await charge.calculate({
        items: items(),
        address: { cep: address.cep, city_id: address.city_id },
        shippingService: shipping,
        includeSilverValue: false,
      });
      setStep(3);
    } catch (error) {
      fail(error);
    }
  };

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
        await charge
          .calculate({
            items: items(),
            address: { cep: address.cep, city_id: address.city_id },
            shippingService: shipping,
            includeSilverValue: false,
          })
          .catch(() => undefined);
    } finally {
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
    }
  };

  const total = charge.charge?.totals.total ?? 0;
  const balanceShort = user ? total > user.balance_brl : true;
  return {
    user,
    step,
    reopen,
    product,
    setProduct: (chosen: ProductType | null) => {
      setProduct(chosen);
      setProductError(null);
    },
    quantity,
    setQuantity,
    productError,
    address,
    setAddress: (chosen: Address | null) => {
      setAddress(chosen);
      setAddressError(null);
    },
    addressError,
    services,
    shipping,
    setShipping: (chosen: ShippingService | null) => {
      setShipping(chosen);
      setShippingError(null);
    },
    shippingError,
    pending,
    payment,
    feesOpen,
    setFeesOpen,
    couponOpen,
    setCouponOpen,
    charge,
    confirmingBalance,
    setConfirmingBalance,
    paying,
    payingByBalance: byBalance.busy,
    confirmProduct,
    confirmAddress,
    confirmShipping,
    pay,
    balanceShort,
  };
}
