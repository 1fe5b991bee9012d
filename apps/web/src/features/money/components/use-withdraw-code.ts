import { minorToDecimalText, withdrawalAmountField } from '@prata/domain';
import { useMemo, useState } from 'react';
import { type Control, type UseFormReset, useWatch } from 'react-hook-form';
import type { useRegistrationErrorHandler } from '@/components/registration-query-state';
import { useCodeStepAddress } from '@/lib/code-step';
import { codeDeadlines } from '@prata/domain';
import { readFormDraft, useFormDraft } from '@/lib/form-draft';
import { useSecondsUntil } from '@/lib/hooks';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useSendWithdrawalCode } from '../api/withdrawals';
import type { WithdrawInput, WithdrawOutput } from '../withdrawal-rules';

/**
 * The withdrawal form's draft (lib/form-draft.ts): its fields and, once a code was sent, the amount the server bound
 * it to and when it may be resent (never the code), so a reload finds the code step again.
 */
const WITHDRAW_DRAFT = 'sacar';

/**
 * The last code sent: the amount it confirms (centavos), when the server lets it be resent and when it stops
 * confirming (epoch ms).
 */
type SentCode = { amountCents: number; resendAt: number; expiresAt: number };

/**
 * Keeps the form's fields and the code step's part (no name of it speaks of codes: useFormDraft drops those) as the
 * draft; a stored draft's fields go back into the form.
 */
export function useWithdrawDraft(
  control: Control<WithdrawInput, unknown, WithdrawOutput>,
  reset: UseFormReset<WithdrawInput>,
  sent: SentCode | null,
) {
  const fields = useWatch({ control });
  const draft = useMemo(
    () => ({
      ...fields,
      sentForCents: sent?.amountCents ?? null,
      resendAt: sent?.resendAt ?? null,
      expiresAt: sent?.expiresAt ?? null,
    }),
    [fields, sent],
  );
  useFormDraft(WITHDRAW_DRAFT, draft, ({ bankingInformationId = '', amount = '' }) =>
    reset({ bankingInformationId, amount }),
  );
}

function savedCode(): SentCode | null {
  const draft = readFormDraft(WITHDRAW_DRAFT);
  const amountCents = draft?.sentForCents;
  const resendAt = draft?.resendAt;
  // a draft kept before codes said how long they last: treated as expired
  const expiresAt = typeof draft?.expiresAt === 'number' ? draft.expiresAt : 0;
  return typeof amountCents === 'number' && typeof resendAt === 'number' ? { amountCents, resendAt, expiresAt } : null;
}

const centsOf = (typed: WithdrawInput['amount']) => {
  const parsed = withdrawalAmountField().safeParse(typed);
  return parsed.success ? parsed.data : null;
};

/**
 * Whether the code sent confirms the amount in the form: the code step (lib/code-step.ts) is shown only then. An amount
 * not (yet) typed is the draft's, before the form gets it back.
 */
function boundTo(sent: SentCode | null, typedAmount: WithdrawInput['amount']) {
  const typedCents = centsOf(typedAmount);
  return sent !== null && (typedCents === null || typedCents === sent.amountCents);
}

type CodeInput = {
  /** The amount as typed in the form, before a code is sent for it. */
  typedAmount: WithdrawInput['amount'];
  handle: ReturnType<typeof useRegistrationErrorHandler>;
  /** Shows the server's refusal under the form's fields. */
  serverErrors: (error: unknown) => void;
};

/**
 * The e-mail code that confirms a withdrawal: "Enviar código" for an amount (one intention, lib/intention.ts), the wait
 * before it may be resent, the code typed and its error. The code already sent for the same amount still confirms it:
 * while it may not be resent, "Enviar código" shows its step again without asking the server (which would say to wait).
 */
export function useWithdrawCode({ typedAmount, handle, serverErrors }: CodeInput) {
  const sendCode = useSendWithdrawalCode();
  const [sent, setSent] = useState<SentCode | null>(savedCode);
  const step = useCodeStepAddress(boundTo(sent, typedAmount));
  const waiting = useSecondsUntil(sent?.resendAt ?? 0);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeIntention = useIntention({ amount: sent?.amountCents ?? typedAmount });

  const requestCode = async (amountCents: number) => {
    if (!step.shown && sent?.amountCents === amountCents && Date.now() < sent.resendAt) return step.move(true);
    try {
      const answer = await codeIntention.run((key) =>
        sendCode.mutateAsync({ amount: minorToDecimalText(amountCents), key }),
      );
      if (!answer) return;
      notify.success(answer.message);
      setSent({ amountCents, ...codeDeadlines(answer) });
      setCodeError(null);
      if (!step.shown) step.move(true);
    } catch (error) {
      handle(error, serverErrors);
    }
  };

  return {
    /** The amount (centavos) the code on screen confirms, while its step is shown. */
    sentFor: step.shown && sent ? sent.amountCents : null,
    sent,
    changeAmount: () => step.move(false),
    waiting,
    code,
    setCode: (value: string) => {
      setCode(value);
      setCodeError(null);
    },
    codeError,
    setCodeError,
    codeBusy: codeIntention.busy,
    requestCode,
  };
}
