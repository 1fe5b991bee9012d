import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, WithdrawalRequest, minorToDecimalText } from '@prata/domain';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useRegistrationErrorHandler } from '../../../components/registration-query-state';
import { isApiError } from '../../../lib/api';
import { useFormDraft } from '../../../lib/form-draft';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSecondsUntil } from '../../../lib/hooks';
import { useIntention } from '../../../lib/intention';
import { notify } from '../../../lib/notify';
import { PasskeyCeremonyError } from '../../passkeys/index';
import { useRequestWithdrawal, useRequestWithdrawalWithPasskey, useSendWithdrawalCode } from '../api/withdrawals';
import type { WithdrawalOverviewResponse } from '../api/types';
import { nextFeeCents, type WithdrawInput, type WithdrawOutput, withdrawalSchema } from '../withdrawal-rules';

const WITHDRAWALS_HISTORY_PATH = '/meu-historico/dinheiro-retirado';

/**
 * The withdrawal's state and steps: destination and amount in a form, "Enviar código" (the e-mail code, bound to the
 * amount; resend after the server's wait), the code, a summary to confirm, then POST /api/withdrawal (spec 2 §2); or,
 * with a passkey, the summary and the passkey. The code and the withdrawal are each one intention
 * (lib/intention.ts): one Idempotency-Key kept across double taps and retries, the button locked meanwhile.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one state machine of four steps; split, its state goes by arguments
export function useWithdrawFlow(overview: WithdrawalOverviewResponse) {
  const navigate = useNavigate();
  const handle = useRegistrationErrorHandler();
  const sendCode = useSendWithdrawalCode();
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
  useFormDraft('sacar', useWatch({ control }), (draft) => reset({ bankingInformationId: '', amount: '', ...draft }));
  const chosenId = useWatch({ control, name: 'bankingInformationId' });
  /** The amount (centavos) the last code was sent for: the code confirms that amount only. */
  const [sentFor, setSentFor] = useState<number | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const waiting = useSecondsUntil(resendAt);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const entry = overview.bankingInformation.find((b) => String(b.id) === chosenId);
  const fee = nextFeeCents(overview);
  const typedAmount = useWatch({ control, name: 'amount' });
  const codeIntention = useIntention({ amount: sentFor ?? typedAmount });
  const withdrawal = useIntention({ code, entry: entry?.id ?? null, sentFor, passkeyAmount });
  const confirmAmount = usePasskey ? passkeyAmount : sentFor;

  const requestCode = async (amountCents: number) => {
    try {
      const answer = await codeIntention.run((key) =>
        sendCode.mutateAsync({ amount: minorToDecimalText(amountCents), key }),
      );
      if (!answer) return;
      notify.success(answer.message);
      setSentFor(amountCents);
      setResendAt(Date.now() + answer.resendAfterSeconds * 1000);
      setCodeError(null);
    } catch (error) {
      handle(error, (e) => applyServerErrors(e, setError, ['amount', 'bankingInformationId']));
    }
  };

  const onSendCode = handleSubmit(({ amount }) => requestCode(amount));
  const onReview = handleSubmit(({ amount }) => {
    setPasskeyAmount(amount);
    setConfirming(true);
  });

  const confirmWithPasskey = async () => {
    if (passkeyAmount === null || !entry) return;
    try {
      const answer = await withdrawal.run((key) =>
        withdrawWithPasskey.mutateAsync({
          bankingInformationId: entry.id,
          amount: minorToDecimalText(passkeyAmount),
          key,
        }),
      );
      if (!answer) return;
      notify.success(answer.message);
      navigate(WITHDRAWALS_HISTORY_PATH);
    } catch (error) {
      setConfirming(false);
      if (error instanceof PasskeyCeremonyError) return notify.error(error.message);
      handle(error, (e) => {
        const errors = isApiError(e) ? e.errors : undefined;
        if (errors?.passkey?.[0]) return notify.error(errors.passkey[0]);
        applyServerErrors(e, setError, ['amount', 'bankingInformationId']);
      });
    }
  };

  const review = (typed = code) => {
    const parsed = WithdrawalRequest.shape.verificationCode.safeParse(typed);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? MESSAGES.codeInvalid);
      return;
    }
    // the destination may have been changed after the code was sent: check it again
    void handleSubmit(() => setConfirming(true))();
  };

  const confirm = async () => {
    if (sentFor === null || !entry) return;
    try {
      const answer = await withdrawal.run((key) =>
        withdraw.mutateAsync({
          verificationCode: code,
          bankingInformationId: entry.id,
          amount: minorToDecimalText(sentFor),
          key,
        }),
      );
      if (!answer) return;
      notify.success(answer.message);
      navigate(WITHDRAWALS_HISTORY_PATH);
    } catch (error) {
      setConfirming(false);
      handle(error, (e) => {
        const errors = isApiError(e) ? e.errors : undefined;
        const codeMessage = errors?.verificationCode?.[0];
        if (codeMessage) setCodeError(codeMessage);
        if (codeMessage && Object.keys(errors ?? {}).length === 1) return;
        applyServerErrors(e, setError, ['amount', 'bankingInformationId']);
      });
    }
  };

  return {
    usePasskey,
    control,
    entry,
    fee,
    sentFor,
    changeAmount: () => setSentFor(null),
    waiting,
    code,
    setCode: (value: string) => {
      setCode(value);
      setCodeError(null);
    },
    codeError,
    confirming,
    closeConfirmation: () => setConfirming(false),
    confirmAmount,
    codeBusy: codeIntention.busy,
    withdrawalBusy: withdrawal.busy,
    requestCode,
    onSubmit: usePasskey ? onReview : onSendCode,
    review,
    confirm: () => void (usePasskey ? confirmWithPasskey() : confirm()),
  };
}
