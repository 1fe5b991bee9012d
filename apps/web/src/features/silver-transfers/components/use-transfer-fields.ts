import { onlyDigits, type Receiver } from '@prata/domain';
import { type FormEvent, useState } from 'react';
import type { useRegistrationErrorHandler } from '@/components/registration-query-state';
import { firstError, isApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useCheckReceiver } from '../api/transfers';
import { receiverEmailError } from '../rules';

export type Checked = { email: string; receiver: Receiver | null };
export type TransferErrors = Partial<Record<'email' | 'cpf' | 'quantity' | 'message', string>>;
export type TransferFieldValues = { email: string; cpf: string; quantity: string; message: string };

/**
 * The transfer form's fields and their errors, starting from the tab's draft (transfer-draft.ts): the receiver's e-mail
 * checked and locked ('Alterar' opens it again), the CPF when the e-mail has no account, the quantity and the message.
 */
export function useTransferFields(
  handle: ReturnType<typeof useRegistrationErrorHandler>,
  saved: { fields: TransferFieldValues; checked: Checked | null },
) {
  const check = useCheckReceiver();
  const [email, setEmail] = useState(saved.fields.email);
  const [checked, setChecked] = useState<Checked | null>(saved.checked);
  const [cpf, setCpf] = useState(saved.fields.cpf);
  const [quantity, setQuantity] = useState(saved.fields.quantity);
  const [message, setMessage] = useState(saved.fields.message);
  const [errors, setErrors] = useState<TransferErrors>({});
  const needsCpf = checked !== null && checked.receiver === null;

  /** The server's refusal, under the fields it names. */
  const fieldErrors = (error: unknown) => {
    const server = isApiError(error) ? error.errors : undefined;
    setErrors({
      email: server?.receiver_email?.[0] ?? server?.email?.[0],
      cpf: server?.receiver_cpf?.[0],
      quantity: server?.quantity_grams?.[0],
      message: server?.message?.[0],
    });
  };

  const verify = (event?: FormEvent) => {
    event?.preventDefault();
    const problem = receiverEmailError(email);
    if (problem) return setErrors({ email: problem });
    setErrors({});
    check.mutate(email.trim(), {
      onSuccess: ({ receiver }) => setChecked({ email: email.trim().toLowerCase(), receiver }),
      onError: (error) =>
        handle(error, (e) => {
          notify.error(e);
          setErrors({ email: firstError(e) });
        }),
    });
  };

  const change = () => {
    setChecked(null);
    setCpf('');
    setErrors({});
  };

  /** A transfer made: the form starts over at the receiver's e-mail. */
  const reset = () => {
    setChecked(null);
    setEmail('');
    setCpf('');
    setQuantity('');
    setMessage('');
  };

  /** The request's body for `quantityGrams` (as typed) to the receiver checked. */
  const bodyFor = (target: Checked, quantityGrams: string) => ({
    receiver_id: target.receiver?.id ?? null,
    receiver_email: target.email,
    receiver_cpf: needsCpf ? onlyDigits(cpf) : null,
    quantity_grams: quantityGrams,
    message: message.trim() || null,
  });

  return {
    ...{ email, setEmail, checked, cpf, setCpf, quantity, setQuantity, message, setMessage, needsCpf },
    ...{ errors, setErrors, fieldErrors, verify, change, reset, bodyFor, checking: check.isPending },
  };
}
