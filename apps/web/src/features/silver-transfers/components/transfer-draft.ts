import { useMemo } from 'react';
import { readFormDraft, useFormDraft } from '@/lib/form-draft';
import { quantityCentigrams } from '../rules';
import type { SentCode } from './use-transfer-code';
import type { Checked, TransferFieldValues } from './use-transfer-fields';

/**
 * The transfer form's draft (lib/form-draft.ts, sessionStorage, this tab): its fields, the receiver the server checked
 * and, once a code was sent, the receiver and quantity the server bound it to and when it may be resent (never the
 * code), so a reload finds the receiver locked and the code's dialog again.
 */
const TRANSFER_DRAFT = 'transferir-prata';

/** What the tab kept, read once when the form mounts: each hook starts from it, so the first render has it all. */
export type SavedTransfer = { fields: TransferFieldValues; checked: Checked | null; sent: SentCode | null };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function readTransferDraft(): SavedTransfer {
  const draft = readFormDraft(TRANSFER_DRAFT) ?? {};
  const fields = {
    email: text(draft.email),
    cpf: text(draft.cpf),
    quantity: text(draft.quantity),
    message: text(draft.message),
  };
  const receiverEmail = text(draft.receiverEmail);
  const { receiverId, receiverName } = draft;
  const checked =
    receiverEmail === ''
      ? null
      : {
          email: receiverEmail,
          receiver:
            typeof receiverId === 'number' && typeof receiverName === 'string'
              ? { id: receiverId, name: receiverName }
              : null,
        };
  const sentTo = text(draft.sentTo);
  const sentQuantity = text(draft.sentQuantity);
  const quantityCg = quantityCentigrams(sentQuantity);
  const resendAt = draft.resendAt;
  // a draft kept before codes said how long they last: treated as expired
  const expiresAt = typeof draft.expiresAt === 'number' ? draft.expiresAt : 0;
  const sent =
    sentTo !== '' && quantityCg !== null && typeof resendAt === 'number'
      ? { email: sentTo, quantity: sentQuantity, quantityCg, resendAt, expiresAt }
      : null;
  return { fields, checked, sent };
}

/**
 * Keeps the form's fields, the receiver checked and the last code's part (no name of it speaks of codes: useFormDraft
 * drops those) as the draft. The hooks' state started from the stored draft (readTransferDraft), so there is nothing
 * to give back on mount.
 */
export function useTransferDraft(
  { email, cpf, quantity, message }: TransferFieldValues,
  checked: Checked | null,
  sent: SentCode | null,
) {
  const draft = useMemo(
    () => ({
      ...{ email, cpf, quantity, message },
      receiverEmail: checked?.email ?? null,
      receiverId: checked?.receiver?.id ?? null,
      receiverName: checked?.receiver?.name ?? null,
      sentTo: sent?.email ?? null,
      sentQuantity: sent?.quantity ?? null,
      resendAt: sent?.resendAt ?? null,
      expiresAt: sent?.expiresAt ?? null,
    }),
    [email, cpf, quantity, message, checked, sent],
  );
  useFormDraft(TRANSFER_DRAFT, draft, () => undefined);
}
