import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, withdrawalCodeField, minorToDecimalText } from '@prata/domain';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useRegistrationErrorHandler } from '@/components/registration-query-state';
import { isApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { PasskeyCeremonyError } from '@/features/passkeys/index';
import { useRequestWithdrawal, useRequestWithdrawalWithPasskey } from '../api/withdrawals';
import type { WithdrawalOverviewResponse } from '../api/types';
import { useWithdrawCode, useWithdrawDraft } from './use-withdraw-code';
import { nextFeeCents, type WithdrawInput, type WithdrawOutput, withdrawalSchema } from '../withdrawal-rules';

const WITHDRAWALS_HISTORY_PATH = '/meu-historico/dinheiro-retirado';

/**
 * The withdrawal's state and steps: destination and amount in a form, "Enviar código" (use-withdraw-code.ts: the
 * e-mail code, bound to the amount; resend after the server's wait), the code, a summary to confirm, then POST
 * /api/withdrawal (spec 2 §2); or, with a passkey, the summary and the passkey. The code and the withdrawal are each
 * one intention (lib/intention.ts): one Idempotency-Key kept across double taps and retries, the button locked
 * meanwhile.
 */
export function useWithdrawFlow(overview: WithdrawalOverviewResponse) {
  const navigate = useNavigate();
  const handle = useRegistrationErrorHandler();
  const withdraw = useRequestWithdrawal();
  const withdrawWithPasskey = useRequestWithdrawalWithPasskey();
  // with a passkey, it confirms the withdrawal instead of the e-mail code
  const usePasskey = overview.confirm_with === 'passkey';
  const [passkeyAmount, setPasskeyAmount] = useState<number | null>(null);
  const schema = useMemo(() => withdrawalSchema(overview), [overview]);
  const { control, handleSubmit, setError, reset } = useForm<WithdrawInput, unknown, WithdrawOutput>({
    resolver: zodResolver(schema) as never,
    defaultValues: { bankingInformationId: '', amount: '' },
  });
  const chosenId = useWatch({ control, name: 'bankingInformationId' });
  const [confirming, setConfirming] = useState(false);
  const serverErrors = (error: unknown) => applyServerErrors(error, setError, ['amount', 'bankingInformationId']);
  const typedAmount = useWatch({ control, name: 'amount' });
  const codeStep = useWithdrawCode({ typedAmount, handle, serverErrors });
  useWithdrawDraft(control, reset, codeStep.sent);
  const { sentFor, code, setCodeError } = codeStep;

  const entry = overview.bankingInformation.find((b) => String(b.id) === chosenId);
  const withdrawal = useIntention({ code, entry: entry?.id ?? null, sentFor, passkeyAmount });

  /** Sends the withdrawal; its answer's message, then the history of withdrawals. */
  const send = async (request: (key: string) => Promise<{ message: string }>) => {
    const answer = await withdrawal.run(request);
    if (!answer) return;
    notify.success(answer.message);
    navigate(WITHDRAWALS_HISTORY_PATH);
  };

  const confirmWithPasskey = async () => {
    if (passkeyAmount === null || !entry) return;
    const amount = minorToDecimalText(passkeyAmount);
    try {
      await send((key) => withdrawWithPasskey.mutateAsync({ bankingInformationId: entry.id, amount, key }));
    } catch (error) {
      setConfirming(false);
      if (error instanceof PasskeyCeremonyError) return notify.error(error.message);
      handle(error, (e) => {
        const errors = isApiError(e) ? e.errors : undefined;
        if (errors?.passkey?.[0]) return notify.error(errors.passkey[0]);
        serverErrors(e);
      });
    }
  };

  const review = (typed = code) => {
    const parsed = withdrawalCodeField().safeParse(typed);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? MESSAGES.codeInvalid);
      return;
    }
    // the destination may have been changed after the code was sent: check it again
    void handleSubmit(() => setConfirming(true))();
  };

  const confirm = async () => {
    if (sentFor === null || !entry) return;
    const amount = minorToDecimalText(sentFor);
    try {
      await send((key) =>
        withdraw.mutateAsync({ verificationCode: code, bankingInformationId: entry.id, amount, key }),
      );
    } catch (error) {
      setConfirming(false);
      handle(error, (e) => {
        const errors = isApiError(e) ? e.errors : undefined;
        const codeMessage = errors?.verificationCode?.[0];
        if (codeMessage) setCodeError(codeMessage);
        if (codeMessage && Object.keys(errors ?? {}).length === 1) return;
        serverErrors(e);
      });
    }
  };

  const onSendCode = handleSubmit(({ amount }) => codeStep.requestCode(amount));
  const onReview = handleSubmit(({ amount }) => {
    setPasskeyAmount(amount);
    setConfirming(true);
  });

  return {
    ...codeStep,
    ...{ usePasskey, control, entry, fee: nextFeeCents(overview), confirming },
    closeConfirmation: () => setConfirming(false),
    confirmAmount: usePasskey ? passkeyAmount : sentFor,
    withdrawalBusy: withdrawal.busy,
    onSubmit: usePasskey ? onReview : onSendCode,
    review,
    confirm: () => void (usePasskey ? confirmWithPasskey() : confirm()),
  };
}
