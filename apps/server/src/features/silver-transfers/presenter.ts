import { randomInt } from 'node:crypto';
import { minorToDecimal, SILVER_TRANSFER_STATUS_LABELS, type SilverTransfer } from '@prata/domain';
import type { SilverTransferRow } from '@/db/rows';

/**
 * What a customer may learn about the other party of a transfer: a name, never more. The first name and the initial
 * of the last ('Maria Oliveira Santos' → 'Maria S.'); a single name stays as it is. The e-mail shown to a sender is
 * the one they typed themselves; nobody ever reads the other party's CPF, balance or account details.
 */
function shortName(name: string | null | undefined): string | null {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const first = words[0]!;
  if (words.length === 1) return first;
  const last = words[words.length - 1]!;
  return `${first} ${last.charAt(0).toUpperCase()}.`;
}

/** Look-alike characters (0/O, 1/I/L) left out: an operator types the code from a printed receipt. */
const CHECK_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A receipt's check code: 12 random characters (~59 bits), unique per transfer (a unique index). */
export function newCheckCode(): string {
  let code = '';
  for (let i = 0; i < 12; i++) code += CHECK_ALPHABET[randomInt(CHECK_ALPHABET.length)];
  return code;
}

/** 'ABCD2345EFGH' → 'ABCD-2345-EFGH', as the receipt prints it. */
export const formatCheckCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** '12345678909' → '***.456.789-**': enough for the sender to recognise what they typed. */
export const maskCpf = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

/** A party as named to the other: the account holder's name, and the company's name for a company's account. */
export type Party = { name: string; company: string | null };
/** The parties, by user id (the caller reads them in one query: service.ts namesOf). */
export type Names = Map<number, Party>;

/**
 * The name the other party reads: a company's account by the company's name (its trade name, or its legal name), never
 * by the first name of the person who holds it; a person's by `shortName`.
 */
export function partyName(party: Party | undefined): string | null {
  if (!party) return null;
  return party.company ?? shortName(party.name);
}

/** A transfer as the customer `viewerId` reads it: a sender sees the receiver, a receiver sees the sender's name. */
export function presentTransfer(row: SilverTransferRow, viewerId: number, names: Names): SilverTransfer {
  const sent = row.senderId === viewerId;
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    direction: sent ? 'sent' : 'received',
    receiver: sent
      ? {
          id: row.receiverId,
          name: row.receiverId ? partyName(names.get(row.receiverId)) : null,
          email: row.receiverEmail,
        }
      : null,
    receiver_email: sent ? row.receiverEmail : null,
    sender: sent ? null : { id: null, name: partyName(names.get(row.senderId)), email: null },
    quantity_grams: minorToDecimal(row.quantityCg),
    message: row.message,
    status: row.status,
    status_label: SILVER_TRANSFER_STATUS_LABELS[row.status],
    expires_at: row.status === 'pending' && row.expiresAt ? row.expiresAt.toISOString() : null,
    completed_at: row.completedAt?.toISOString() ?? null,
    cancellable: sent && row.status === 'pending',
  };
}
