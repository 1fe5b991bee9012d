import { useEffect, useRef, useState } from 'react';
import type { useRegistrationErrorHandler } from '@/components/registration-query-state';
import { focusIfLost } from '@/lib/focus';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useSendTransferCode } from '../api/transfers';
import type { Checked } from './use-transfer-fields';

/** The quantity a code was sent for (or a passkey is asked to confirm): centigrams and as typed. */
export type Sent = { quantityCg: number; quantity: string };

type CodeInput = {
  checked: Checked | null;
  quantity: string;
  handle: ReturnType<typeof useRegistrationErrorHandler>;
  fieldErrors: (error: unknown) => void;
};

/**
 * The e-mail code that confirms a transfer: sent once per receiver and quantity (one intention, lib/intention.ts),
 * shown again without a new request while it may not be resent, its dialog's focus given back to 'Transferir'.
 */
export function useTransferCode({ checked, quantity, handle, fieldErrors }: CodeInput) {
  const sendCode = useSendTransferCode();
  const [sent, setSent] = useState<Sent | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [codeError, setCodeError] = useState<string | null>(null);
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
  const codeIntention = useIntention({ email: checked?.email ?? null, quantity, sent: sent?.quantity ?? null });

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

  /**
   * Asks for the code of `amount` to `target`. The dialog was closed and opened again for the same transfer before a
   * new code may be sent: the code already in the e-mail still confirms it, so the dialog comes back without asking
   * the server (which would say to wait).
   */
  const askCode = (target: Checked, amount: Sent) => {
    if (lastCodeFor.current === `${target.email}|${amount.quantity}` && Date.now() < resendAt) {
      setSent(amount);
      return;
    }
    void requestCode(target, amount);
  };

  /** The code's dialog closed without a transfer: the focus goes back to 'Transferir' (the effect above). */
  const closeCodeDialog = () => {
    codeDialogClosed.current = true;
    setSent(null);
  };

  return {
    ...{ sent, setSent, resendAt, codeError, setCodeError, transferButton },
    ...{ requestCode, askCode, closeCodeDialog, codeBusy: codeIntention.busy },
  };
}
