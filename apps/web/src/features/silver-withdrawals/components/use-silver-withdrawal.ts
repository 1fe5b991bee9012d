import { type Address, MESSAGES, type ProductType, type ShippingService, minorToDecimalText } from '@prata/domain';
import { useState } from 'react';
import { useUser } from '@/lib/auth';
import { toMinorUnits } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useRegistrationRedirect } from '@/lib/registration-redirect';
import { quoteShipping, useSilverCharge, validateQuantity } from '@/features/catalogue';
import { freightCharge, itemsOf, useSilverPayment } from './use-silver-payment';

/** The wizard's steps (spec 3 §4): product and quantity, address, shipping, then the cost and the payment. */
export type WizardStep = 0 | 1 | 2 | 3;

export const centigramsOf = (product: ProductType, quantity: number) => toMinorUnits(product.grams_per_unit) * quantity;

/**
 * The wizard's state and steps. Each step, once done, locks its choices ('Alterar' opens it again and the later steps
 * start over): product and quantity (validate-quantity), the saved address (shipping-quote), the shipping option
 * (calculate-charge without the silver value), then the payment (use-silver-payment.ts).
 */
export function useSilverWithdrawal() {
  const redirect = useRegistrationRedirect();
  const { user } = useUser();
  const [step, setStep] = useState<WizardStep>(0);
  const product = useChoice<ProductType | null>(null);
  const [quantity, setQuantity] = useState(1);
  const picked = useChoice<Address | null>(null);
  // the only saved address is the one the bars go to unless the customer says otherwise: chosen already
  const address = picked.value ?? (user?.addresses.length === 1 ? (user.addresses[0] ?? null) : null);
  const [services, setServices] = useState<ShippingService[]>([]);
  const shipping = useChoice<ShippingService | null>(null);
  const [pending, setPending] = useState(false);
  const [feesOpen, setFeesOpen] = useState(false);
  const [couponOpen, setCouponOpen] = useState(false);
  const charge = useSilverCharge();

  /** Opens a step again: its choices unlock and what came after is asked again. */
  const reopen = (target: WizardStep) => {
    setStep(target);
    if (target <= 2) charge.clear();
    if (target <= 1) setServices([]);
  };

  /** A step's call: the buttons wait for it; a refusal is shown (or leads to the registration it asks for). */
  const send = async (call: () => Promise<void>) => {
    setPending(true);
    try {
      await call();
    } catch (error) {
      if (!redirect(error)) notify.error(error);
    } finally {
      setPending(false);
    }
  };

  const confirmProduct = async () => {
    const chosen = product.value;
    if (!chosen) return product.setError(MESSAGES.chooseOption);
    await send(async () => {
      await validateQuantity({ items: itemsOf(chosen, quantity) });
      setStep(1);
    });
  };

  const confirmAddress = async () => {
    const chosen = product.value;
    if (!address || !chosen) return picked.setError(MESSAGES.chooseOption);
    await send(async () => {
      const quoted = await quoteShipping({
        quantity_grams: minorToDecimalText(centigramsOf(chosen, quantity)),
        address: { cep: address.cep },
      });
      setServices(quoted);
      shipping.set((kept) =>
        kept && quoted.some((s) => s.ServiceCode === kept.ServiceCode && s.Carrier === kept.Carrier) ? kept : null,
      );
      setStep(2);
    });
  };

  const confirmShipping = async () => {
    const chosen = shipping.value;
    if (!chosen || !address) return shipping.setError(MESSAGES.chooseOption);
    try {
      await charge.calculate(freightCharge(product.value, quantity, address, chosen));
      setStep(3);
    } catch (error) {
      if (!redirect(error)) notify.error(error);
    }
  };

  const fail = (error: unknown) => {
    if (!redirect(error)) notify.error(error);
  };
  const payment = useSilverPayment({
    product: product.value,
    quantity,
    address,
    shipping: shipping.value,
    charge,
    fail,
  });

  const total = charge.charge?.totals.total ?? 0;
  const balanceShort = user ? total > user.balance_brl : true;
  return {
    ...{ user, step, reopen, quantity, setQuantity, address, services, pending, charge, balanceShort },
    ...{ product: product.value, setProduct: product.choose, productError: product.error },
    ...{ setAddress: picked.choose, addressError: picked.error },
    ...{ shipping: shipping.value, setShipping: shipping.choose, shippingError: shipping.error },
    ...{ feesOpen, setFeesOpen, couponOpen, setCouponOpen },
    ...payment,
    ...{ confirmProduct, confirmAddress, confirmShipping },
  };
}

/** A step's choice and the error under it: choosing again clears the error. */
function useChoice<T>(initial: T) {
  const [value, set] = useState<T>(initial);
  const [error, setError] = useState<string | null>(null);
  const choose = (chosen: T) => {
    set(chosen);
    setError(null);
  };
  return { value, set, choose, error, setError };
}
