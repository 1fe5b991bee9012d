import { useEffect, useRef, useState } from 'react';
import type { useRegistrationErrorHandler } from '@/components/registration-query-state';
import { useCodeStepAddress } from '@/lib/code-step';
import { codeDeadlines } from '@prata/domain';
import { focusIfLost } from '@/lib/focus';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useSendTransferCode } from '../api/transfers';
import { quantityCentigrams } from '../rules';
import type { Checked } from './use-transfer-fields';

/** The quantity a code was sent for (or a passkey is asked to confirm): centigrams and as typed. */
export type Sent = { quantityCg: number; quantity: string };

/**
 * The last code sent: the receiver's e-mail and the quantity it confirms, when the server lets it be resent and when
 * it stops confirming (epoch ms).
 */
export type SentCode = Sent & { email: string; resendAt: number; expiresAt: number };

type CodeInput = {
  checked: Checked | null;
  quantity: string;
  /** The last code sent, as the tab's draft kept it (transfer-draft.ts). */
  saved: SentCode | null;
  handle: ReturnType<typeof useRegistrationErrorHandler>;
  fieldErrors: (error: unknown) => void;
};

/** Whether the code `sent` confirms the receiver and quantity in the form: its dialog (the address's step) only then. */
const boundTo = (sent: SentCode | null, checked: Checked | null, quantity: string) =>
  sent !== null && checked?.email === sent.email && quantityCentigrams(quantity) === sent.quantityCg;

/**
 * The e-mail code that confirms a transfer: sent once per receiver and quantity (one intention, lib/intention.ts),
 * shown again without a new request while it may not be resent, its dialog's focus given back to 'Transferir'. The
 * dialog is the address's code step (lib/code-step.ts, `?etapa=codigo`): a reload, Back and Forward find it again
 * while the code sent in this tab confirms the receiver and quantity in the form.
 */
export function useTransferCode({ checked, quantity, saved, handle, fieldErrors }: CodeInput) {
  const sendCode = useSendTransferCode();
  /** The last code sent, kept in the draft (transfer-draft.ts): the code confirms that receiver and quantity only. */
  const [lastCode, setLastCode] = useState<SentCode | null>(saved);
  const step = useCodeStepAddress(boundTo(lastCode, checked, quantity));
  /** The quantity of the code's dialog, while it is open. */
  const sent: Sent | null =
    step.shown && lastCode ? { quantityCg: lastCode.quantityCg, quantity: lastCode.quantity } : null;
  const [codeError, setCodeError] = useState<string | null>(null);
  const transferButton = useRef<HTMLButtonElement>(null);
  // the code's dialog closed without a transfer (Escape, 'Cancelar'): the focus goes back to 'Transferir', which the
  // dialog cannot give it back to itself (the button was disabled while the code was being sent, or the dialog came
  // with the page) (WCAG 2.4.3)
  const codeDialogClosed = useRef(false);
  const open = sent !== null;
  useEffect(() => {
    if (open || !codeDialogClosed.current) return;
    codeDialogClosed.current = false;
    focusIfLost(transferButton.current);
  }, [open]);
  const codeIntention = useIntention({ email: checked?.email ?? null, quantity, sent: sent?.quantity ?? null });

  const requestCode = async (target: Checked, amount: Sent) => {
    try {
      const answer = await codeIntention.run((key) =>
        sendCode.mutateAsync({ body: { quantity_grams: amount.quantity, receiver_email: target.email }, key }),
      );
      if (!answer) return;
      notify.success(answer.message);
      setLastCode({ ...amount, email: target.email, ...codeDeadlines(answer) });
      setCodeError(null);
      if (!step.shown) step.move(true);
    } catch (error) {
      handle(error, (e) => {
        notify.error(e);
        fieldErrors(e);
      });
    }
  };

  /**
   * Asks for the code of `amount` to `target`. The dialog was closed (or the page reloaded) and opened again for the
   * same transfer before a new code may be sent: the code already in the e-mail still confirms it, so the dialog comes
   * back without asking the server (which would say to wait).
   */
  const askCode = (target: Checked, amount: Sent) => {
    const same = lastCode?.email === target.email && lastCode.quantityCg === amount.quantityCg;
    if (same && Date.now() < lastCode.resendAt) return step.move(true);
    void requestCode(target, amount);
  };

  /** The code's dialog closed without a transfer: the focus goes back to 'Transferir' (the effect above). */
  const closeCodeDialog = () => {
    codeDialogClosed.current = true;
    step.move(false);
  };

  return {
    ...{
      sent,
      resendAt: lastCode?.resendAt ?? 0,
      expiresAt: lastCode?.expiresAt ?? null,
      codeError,
      setCodeError,
      transferButton,
      lastCode,
    },
    ...{ requestCode, askCode, closeCodeDialog, codeBusy: codeIntention.busy },
    /** The server refused the transfer for another reason than the code: the form shows why. */
    leaveCodeStep: () => step.move(false),
    /** The transfer is made: the code is spent, and the address's entry is the form's again. */
    codeSpent: () => {
      setLastCode(null);
      if (step.shown) step.move(false, { replace: true });
    },
  };
}
