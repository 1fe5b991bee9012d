import { minorToDecimalText } from '@prata/domain';
import { useState } from 'react';
import type { useRegistrationErrorHandler } from '@/components/registration-query-state';
import { useSecondsUntil } from '@/lib/hooks';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useSendWithdrawalCode } from '../api/withdrawals';
import type { WithdrawInput } from '../withdrawal-rules';

type CodeInput = {
  /** The amount as typed in the form, before a code is sent for it. */
  typedAmount: WithdrawInput['amount'];
  handle: ReturnType<typeof useRegistrationErrorHandler>;
  /** Shows the server's refusal under the form's fields. */
  serverErrors: (error: unknown) => void;
};

/**
 * The e-mail code that confirms a withdrawal: "Enviar código" for an amount (one intention, lib/intention.ts), the wait
 * before it may be resent, the code typed and its error.
 */
export function useWithdrawCode({ typedAmount, handle, serverErrors }: CodeInput) {
  const sendCode = useSendWithdrawalCode();
  /** The amount (centavos) the last code was sent for: the code confirms that amount only. */
  const [sentFor, setSentFor] = useState<number | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const waiting = useSecondsUntil(resendAt);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeIntention = useIntention({ amount: sentFor ?? typedAmount });

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
      handle(error, serverErrors);
    }
  };

  return {
    sentFor,
    changeAmount: () => setSentFor(null),
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
