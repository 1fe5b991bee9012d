import { type AddressRequest, MESSAGES, minorToDecimalText } from '@prata/domain';
import { useState } from 'react';
import type { City, User } from '@/lib/auth';
import { notify } from '@/lib/notify';
import type { useRegistrationRedirect } from '@/lib/registration-redirect';
import { checkCpfStatus, quoteShipping } from '../api/checkout';
import type { ChargeInput, useSilverCharge } from '../api/use-silver-charge';
import type { SavedCheckout } from '../checkout-state';
import { cartCentigrams } from './cart-table';
import { shippingKey } from './shipping-options';

type FormsInput = {
  state: SavedCheckout;
  update: (change: Partial<SavedCheckout>) => void;
  user: User | null | undefined;
  charge: ReturnType<typeof useSilverCharge>;
  chargeInput: () => ChargeInput | null;
  go: (step: number) => void;
  redirect: ReturnType<typeof useRegistrationRedirect>;
};

/** The buyer's, the address's and the freight's steps: each advances only when its call succeeds. */
export function useCheckoutForms({ state, update, user, charge, chargeInput, go, redirect }: FormsInput) {
  const [cpfPending, setCpfPending] = useState(false);
  const [shippingError, setShippingError] = useState<string | null>(null);
  const { lines, shipping } = state;

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

  const chooseShipping = (service: NonNullable<SavedCheckout['shipping']>) => {
    update({ shipping: service });
    charge.clear();
    setShippingError(null);
  };

  return { cpfPending, onCustomerData, onAddress, shippingError, chooseShipping, onShipping };
}
