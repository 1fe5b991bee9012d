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
  const { product, quantity, checkedProduct, ...choice } = useProductChoice(user?.balance_ag ?? null);
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
    const chosen = checkedProduct();
    if (!chosen) return;
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
    ...{ user, step, reopen, quantity, address, services, pending, charge, balanceShort },
    ...{ product: product.value, ...choice },
    ...{ setAddress: picked.choose, addressError: picked.error },
    ...{ shipping: shipping.value, setShipping: shipping.choose, shippingError: shipping.error },
    ...{ feesOpen, setFeesOpen, couponOpen, setCouponOpen },
    ...payment,
    ...{ confirmProduct, confirmAddress, confirmShipping },
  };
}

/**
 * Step 1's choices: the product and how many, with the errors under them; a new product or quantity clears the
 * quantity's error.
 */
function useProductChoice(balanceAg: number | null) {
  const product = useChoice<ProductType | null>(null);
  const quantity = useChoice(1);
  /** The product chosen, if any and if its grams fit the server's available balance; otherwise says why (null). */
  const checkedProduct = () => {
    const chosen = product.value;
    if (!chosen) {
      product.setError(MESSAGES.chooseOption);
      return null;
    }
    // a quantity past the balance stops here: nothing after it could be paid (the server still judges at payment)
    if (balanceAg === null || centigramsOf(chosen, quantity.value) > toMinorUnits(balanceAg)) {
      quantity.setError(MESSAGES.insufficientSilver);
      return null;
    }
    return chosen;
  };
  const setProduct = (chosen: ProductType) => {
    product.choose(chosen);
    quantity.setError(null);
  };
  return {
    ...{ product, quantity: quantity.value, setQuantity: quantity.choose, checkedProduct },
    ...{ setProduct, productError: product.error, quantityError: quantity.error },
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
