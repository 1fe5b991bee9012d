import type { SilverTransfer, SilverTransferOverviewResponse } from '@prata/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useRegistrationErrorHandler } from '@/components/registration-query-state';
import { isApiError } from '@/lib/api';
import { toMinorUnits } from '@/lib/format';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { PasskeyCeremonyError } from '@/features/passkeys/index';
import { useCreateTransfer, useCreateTransferWithPasskey } from '../api/transfers';
import { messageError, quantityCentigrams, quantityError, receiverCpfError } from '../rules';
import { readTransferDraft, useTransferDraft } from './transfer-draft';
import { type Sent, useTransferCode } from './use-transfer-code';
import { type TransferErrors, useTransferFields } from './use-transfer-fields';

type Done = { transfer: SilverTransfer; message: string };

/**
 * The transfer's state and steps: the receiver's e-mail checked and locked, the details validated
 * (use-transfer-fields.ts), the e-mail code (use-transfer-code.ts) or the passkey that confirms it, the receipt. Each
 * request to the server is one intention (lib/intention.ts): one Idempotency-Key kept across double taps and retries,
 * the buttons locked while it runs.
 */
export function useTransferFlow(overview: SilverTransferOverviewResponse) {
  const handle = useRegistrationErrorHandler();
  const create = useCreateTransfer();
  const createWithPasskey = useCreateTransferWithPasskey();
  // with a passkey, it confirms the transfer instead of the e-mail code
  const usePasskey = overview.confirm_with === 'passkey';
  // what the tab kept (a reload, a sign-in after the session ended): the fields, the receiver, the code sent
  const [saved] = useState(readTransferDraft);
  const fields = useTransferFields(handle, saved);
  const { checked, email, cpf, quantity, message, needsCpf, setErrors, fieldErrors } = fields;
  const code = useTransferCode({ checked, quantity, saved: saved.sent, handle, fieldErrors });
  const { sent } = code;
  useTransferDraft({ email, cpf, quantity, message }, checked, code.lastCode);
  const [reviewing, setReviewing] = useState<Sent | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  // a new transfer starts at the receiver's e-mail: the focus goes there when the receipt closes
  const emailInput = useRef<HTMLInputElement>(null);
  const availableCg = toMinorUnits(overview.currentBalance);
  const transfer = useIntention({
    email: checked?.email ?? null,
    cpf,
    message,
    sent: sent?.quantity ?? null,
    reviewing: reviewing?.quantity ?? null,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked) return;
    const next: TransferErrors = {
      cpf: needsCpf ? (receiverCpfError(cpf) ?? undefined) : undefined,
      quantity: quantityError(quantity, availableCg) ?? undefined,
      message: messageError(message) ?? undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const amount = { quantityCg: quantityCentigrams(quantity)!, quantity };
    if (usePasskey) setReviewing(amount);
    else code.askCode(checked, amount);
  };

  const finished = (answer: Done) => {
    code.codeSpent();
    setReviewing(null);
    setDone(answer);
    fields.reset();
  };

  const confirmWithPasskey = async () => {
    if (!checked || !reviewing) return;
    const body = fields.bodyFor(checked, reviewing.quantity);
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

  const confirm = async (verificationCode: string) => {
    if (!checked || !sent) return;
    const body = { verificationCode, ...fields.bodyFor(checked, sent.quantity) };
    try {
      const answer = await transfer.run((key) => create.mutateAsync({ body, key }));
      if (answer) finished(answer);
    } catch (error) {
      handle(error, (e) => {
        const server = isApiError(e) ? e.errors : undefined;
        const onCode = server?.verificationCode?.[0];
        if (onCode && Object.keys(server ?? {}).length === 1) return code.setCodeError(onCode);
        code.leaveCodeStep();
        notify.error(e);
        fieldErrors(e);
      });
    }
  };

  const clearError = (field: keyof TransferErrors) => setErrors((e) => ({ ...e, [field]: undefined }));

  return {
    ...fields,
    ...code,
    ...{ usePasskey, clearError, clearErrors: () => setErrors({}), reviewing, setReviewing, done, setDone },
    ...{ transferBusy: transfer.busy, emailInput, submit, confirm, confirmWithPasskey },
  };
}
