import { onlyDigits, type Receiver, type SilverTransfer, type SilverTransferOverviewResponse } from '@prata/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useRegistrationErrorHandler } from '../../../components/registration-query-state';
import { firstError, isApiError } from '../../../lib/api';
import { focusIfLost } from '../../../lib/focus';
import { useFormDraft } from '../../../lib/form-draft';
import { toMinorUnits } from '../../../lib/format';
import { useIntention } from '../../../lib/intention';
import { notify } from '../../../lib/notify';
import { PasskeyCeremonyError } from '../../passkeys/index';
import {
  useCheckReceiver,
  useCreateTransfer,
  useCreateTransferWithPasskey,
  useSendTransferCode,
} from '../api/transfers';
import { messageError, quantityCentigrams, quantityError, receiverCpfError, receiverEmailError } from '../rules';

export type Checked = { email: string; receiver: Receiver | null };
type TransferErrors = Partial<Record<'email' | 'cpf' | 'quantity' | 'message', string>>;
type Errors = TransferErrors;
/** The quantity a code was sent for (or a passkey is asked to confirm): centigrams and as typed. */
export type Sent = { quantityCg: number; quantity: string };

/**
 * The transfer's state and steps: the receiver's e-mail checked and locked, the details validated, the e-mail code
 * (or the passkey) that confirms it, the receipt. Each request to the server is one intention (lib/intention.ts):
 * one Idempotency-Key kept across double taps and retries, the buttons locked while it runs.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one state machine of five steps; split, its state goes by arguments
export function useTransferFlow(overview: SilverTransferOverviewResponse) {
  const handle = useRegistrationErrorHandler();
  const check = useCheckReceiver();
  const sendCode = useSendTransferCode();
  const create = useCreateTransfer();
  const createWithPasskey = useCreateTransferWithPasskey();
  // with a passkey, it confirms the transfer instead of the e-mail code
  const usePasskey = overview.confirm_with === 'passkey';
  const [reviewing, setReviewing] = useState<Sent | null>(null);
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [cpf, setCpf] = useState('');
  const [quantity, setQuantity] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<Sent | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [done, setDone] = useState<{ transfer: SilverTransfer; message: string } | null>(null);
  // a new transfer starts at the receiver's e-mail: the focus goes there when the receipt closes
  const emailInput = useRef<HTMLInputElement>(null);
  const transferButton = useRef<HTMLButtonElement>(null);
  // the code's dialog closed without a transfer (Escape, 'Cancelar'): the focus goes back to 'Transferir', which the
  // dialog cannot give it back to itself (the button was disabled while the code was being sent) (WCAG 2.4.3)
  const codeDialogClosed = useRef(false);
  /** The receiver and quantity of the last code sent ('e-mail|quantity'). */
  const lastCodeFor = useRef<string | null>(null);
  useEffect(() => {
    if (sent !== null || !codeDialogClosed.current) return;
    codeDialogClosed.current = false;
    focusIfLost(transferButton.current);
  }, [sent]);
  useFormDraft('transferir-prata', { email, cpf, quantity, message }, (d) => {
    setEmail(d.email ?? '');
    setCpf(d.cpf ?? '');
    setQuantity(d.quantity ?? '');
    setMessage(d.message ?? '');
  });
  const availableCg = toMinorUnits(overview.currentBalance);
  const needsCpf = checked !== null && checked.receiver === null;
  const codeIntention = useIntention({ email: checked?.email ?? null, quantity, sent: sent?.quantity ?? null });
  const transfer = useIntention({
    email: checked?.email ?? null,
    cpf,
    message,
    sent: sent?.quantity ?? null,
    reviewing: reviewing?.quantity ?? null,
  });

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

  const requestCode = async (target: Checked, amount: Sent) => {
    try {
      const answer = await codeIntention.run((key) =>
        sendCode.mutateAsync({ body: { quantity_grams: amount.quantity, receiver_email: target.email }, key }),
      );
      if (!answer) return;
      notify.success(answer.message);
      lastCodeFor.current = `${target.email}|${amount.quantity}`;
      setSent(amount);
      setResendAt(Date.now() + answer.resendAfterSeconds * 1000);
      setCodeError(null);
    } catch (error) {
      handle(error, (e) => {
        notify.error(e);
        fieldErrors(e);
      });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked) return;
    const next: Errors = {
      cpf: needsCpf ? (receiverCpfError(cpf) ?? undefined) : undefined,
      quantity: quantityError(quantity, availableCg) ?? undefined,
      message: messageError(message) ?? undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const amount = { quantityCg: quantityCentigrams(quantity)!, quantity };
    if (usePasskey) {
      setReviewing(amount);
      return;
    }
    // the dialog was closed and opened again for the same transfer before a new code may be sent: the code already
    // in the e-mail still confirms it, so the dialog comes back without asking the server (which would say to wait)
    if (lastCodeFor.current === `${checked.email}|${quantity}` && Date.now() < resendAt) {
      setSent(amount);
      return;
    }
    void requestCode(checked, amount);
  };

  const finished = (answer: { transfer: SilverTransfer; message: string }) => {
    setSent(null);
    setReviewing(null);
    setDone(answer);
    setChecked(null);
    setEmail('');
    setCpf('');
    setQuantity('');
    setMessage('');
  };

  const confirmWithPasskey = async () => {
    if (!checked || !reviewing) return;
    const body = {
      receiver_id: checked.receiver?.id ?? null,
      receiver_email: checked.email,
      receiver_cpf: needsCpf ? onlyDigits(cpf) : null,
      quantity_grams: reviewing.quantity,
      message: message.trim() || null,
    };
    try {
      const answer = await transfer.run((key) => createWithPasskey.mutateAsync({ body, key }));
      if (answer) finished(answer);
    } catch (error) {
      setReviewing(null);
      if (error instanceof PasskeyCeremonyError) return notify.error(error.message);
      handle(error, (e) => {
        notify.error(isApiError(e) ? (e.errors?.passkey?.[0] ?? e) : e);
        fieldErrors(e);
      });
    }
  };

  const confirm = async (code: string) => {
    if (!checked || !sent) return;
    const body = {
      verificationCode: code,
      receiver_id: checked.receiver?.id ?? null,
      receiver_email: checked.email,
      receiver_cpf: needsCpf ? onlyDigits(cpf) : null,
      quantity_grams: sent.quantity,
      message: message.trim() || null,
    };
    try {
      const answer = await transfer.run((key) => create.mutateAsync({ body, key }));
      if (answer) finished(answer);
    } catch (error) {
      handle(error, (e) => {
        const server = isApiError(e) ? e.errors : undefined;
        const onCode = server?.verificationCode?.[0];
        if (onCode && Object.keys(server ?? {}).length === 1) return setCodeError(onCode);
        setSent(null);
        notify.error(e);
        fieldErrors(e);
      });
    }
  };

  /** The code's dialog closed without a transfer: the focus goes back to 'Transferir' (the effect above). */
  const closeCodeDialog = () => {
    codeDialogClosed.current = true;
    setSent(null);
  };
  const clearError = (field: keyof Errors) => setErrors((e) => ({ ...e, [field]: undefined }));

  return {
    usePasskey,
    email,
    setEmail,
    checked,
    cpf,
    setCpf,
    quantity,
    setQuantity,
    message,
    setMessage,
    errors,
    clearError,
    clearErrors: () => setErrors({}),
    sent,
    reviewing,
    setReviewing,
    resendAt,
    codeError,
    done,
    setDone,
    needsCpf,
    checking: check.isPending,
    codeBusy: codeIntention.busy,
    transferBusy: transfer.busy,
    emailInput,
    transferButton,
    closeCodeDialog,
    verify,
    change,
    submit,
    requestCode,
    confirm,
    confirmWithPasskey,
  };
}
