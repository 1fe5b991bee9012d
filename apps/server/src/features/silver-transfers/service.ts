import {
  type CreateSilverTransferInput,
  formatDateBR,
  formatGrams,
  MESSAGES,
  minorToDecimal,
  type PasskeyAssertion,
} from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { SilverTransferRow, UserRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { codeSent, consumeCode, issueCode } from '@/lib/codes';
import { AppError, invalid, notFound } from '@/lib/errors';
import { inKeyOrder } from '@/lib/paging';
import { getBalances, LedgerRefusedError, post } from '@/ledger/index';
import { enqueueEmail } from '@/messaging/outbox';
import { transferCodeMail, transferInvitationMail, transferReceivedMail } from '@/messaging/templates';
import { hasPasskey } from '@/plugins/auth';
import { emailKey } from '@/plugins/rate-limit';
import { HISTORY_PAGE_SIZE, page } from '@/features/history/index';
import { assertionOptions, verifyAssertion } from '@/features/passkeys/index';
import { findUserByEmail } from '@/features/users/index';
import { transferLedgerId } from './ledger';
import { newCheckCode, type Names, partyName, presentTransfer } from './presenter';
import {
  customerTransferById,
  customerTransferPageKeys,
  insertTransfer,
  partyNameRows,
  transfersByIds,
} from './repository';

const DAY_SECONDS = 86_400;

/** GET /api/silver-transfer */
export async function transferOverview(deps: AppDeps, userId: number) {
  const balances = await getBalances(deps.database.db, userId);
  return {
    currentBalance: minorToDecimal(balances.AG.available),
    resendAfterSeconds: deps.config.windows.codeResendSeconds,
    unclaimedExpiryDays: Math.max(1, Math.round(deps.config.windows.transferUnclaimedSeconds / DAY_SECONDS)),
    confirm_with: (await hasPasskey(deps.database.db, userId)) ? ('passkey' as const) : ('code' as const),
  };
}

/** The parties' names in one query: the holder's, and the company's for a company's account. */
export async function namesOf(db: Executor, ids: Array<number | null>): Promise<Names> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await partyNameRows(db, wanted);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        name: r.name,
        company: r.accountType === 'company' ? r.nomeFantasia?.trim() || r.razaoSocial?.trim() || null : null,
      },
    ]),
  );
}

/** How `user` is named to the other party of a transfer (presenter.ts partyName). */
export async function partyNameOf(db: Executor, user: UserRow): Promise<string> {
  return partyName((await namesOf(db, [user.id])).get(user.id)) ?? user.name;
}

/** An account that may receive: open and a customer's (operators' accounts hold no custody). */
function checkReceivable(sender: UserRow, receiver: UserRow) {
  if (receiver.id === sender.id) throw invalid('receiver_email', MESSAGES.transferToSelf, 'SILVER_TRANSFER_TO_SELF');
  if (receiver.closedAt || receiver.staffRoles.length > 0)
    throw invalid('receiver_email', MESSAGES.transferReceiverUnavailable, 'SILVER_TRANSFER_RECEIVER_UNAVAILABLE');
}

/**
 * POST /api/silver-transfer/check-receiver: the receiver's id and short name, or null (no account: the screen asks
 * for the CPF). Counted per account (LIMIT_TRANSFER_RECEIVER_ACCOUNT): checking e-mails is how one would collect who
 * has an account, and many customers share one address.
 */
export async function checkReceiver(deps: AppDeps, sender: UserRow, email: string) {
  await deps.limiter.hit('transferReceiverAccount', `user:${sender.id}`);
  if (email === sender.email.toLowerCase()) throw invalid('email', MESSAGES.transferToSelf, 'SILVER_TRANSFER_TO_SELF');
  const receiver = await findUserByEmail(deps.database.db, email);
  if (!receiver) return { receiver: null, message: MESSAGES.transferReceiverNotFound };
  try {
    checkReceivable(sender, receiver);
  } catch (err) {
    if (err instanceof AppError) throw invalid('email', err.message, err.code);
    throw err;
  }
  return {
    receiver: { id: receiver.id, name: await partyNameOf(deps.database.db, receiver) },
    message: MESSAGES.transferReceiverFound,
  };
}

async function checkBalance(db: Executor, userId: number, quantityCg: number) {
  const balances = await getBalances(db, userId);
  if (balances.AG.available < quantityCg)
    throw invalid('quantity_grams', MESSAGES.transferInsufficientSilver, 'INSUFFICIENT_BALANCE');
}

/** What a code confirms: this quantity to this e-mail. */
const binding = (quantityCg: number, receiverEmail: string) => ({ quantity: quantityCg, receiver: receiverEmail });

/**
 * POST /api/silver-transfer/verification-code (and its resend): a code to the sender's e-mail, bound to the quantity
 * and the receiver. The quantity and the receiver are checked first, so nobody waits for a code that cannot work.
 */
export async function sendTransferCode(
  deps: AppDeps,
  sender: UserRow,
  input: { quantity_cg: number; receiver_email: string },
) {
  const db = deps.database.db;
  await refuseCodeWithPasskey(db, sender.id);
  await checkCodeRequest(deps, sender, input);
  await withTransaction(db, async (tx) => {
    const code = await issueCode(tx, deps.config, {
      userId: sender.id,
      subject: sender.email,
      purpose: 'transfer',
      channel: 'email',
      binding: binding(input.quantity_cg, input.receiver_email),
      beforeIssue: () => deps.limiter.hit('messagesDestination', emailKey(sender.email)),
    });
    await enqueueEmail(tx, {
      to: sender.email,
      ...transferCodeMail(
        sender.name,
        code,
        { grams: formatGrams(input.quantity_cg), receiverEmail: input.receiver_email },
        deps.config.windows.codeTtlSeconds,
      ),
      carriesSecret: true,
    });
  });
  deps.outbox.kick();
  return codeSent(deps.config, MESSAGES.transferCodeSent);
}

/** The quantity and the receiver, checked before anything is confirmed. */
async function checkCodeRequest(
  deps: AppDeps,
  sender: UserRow,
  input: { quantity_cg: number; receiver_email: string },
) {
  const db = deps.database.db;
  if (input.receiver_email === sender.email.toLowerCase())
    throw invalid('receiver_email', MESSAGES.transferToSelf, 'SILVER_TRANSFER_TO_SELF');
  const receiver = await findUserByEmail(db, input.receiver_email);
  if (receiver) checkReceivable(sender, receiver);
  await checkBalance(db, sender.id, input.quantity_cg);
}

/** A customer with a passkey confirms transfers with it: the e-mail code is refused (PASSKEY_REQUIRED). */
async function refuseCodeWithPasskey(db: Executor, userId: number) {
  if (await hasPasskey(db, userId)) throw new AppError('PASSKEY_REQUIRED', MESSAGES.passkeyRequired);
}

/** POST /api/silver-transfer/passkey-options: checked as the code's request is, then a challenge bound to it. */
export async function transferPasskeyOptions(
  deps: AppDeps,
  sender: UserRow,
  input: { quantity_cg: number; receiver_email: string },
) {
  await checkCodeRequest(deps, sender, input);
  return {
    options: await assertionOptions(deps, sender.id, 'transfer', binding(input.quantity_cg, input.receiver_email)),
  };
}

/** POST /api/silver-transfer/passkey: the transfer confirmed with the passkey instead of the e-mail code. */
export async function createTransferWithPasskey(
  deps: AppDeps,
  sender: UserRow,
  input: Omit<CreateSilverTransferInput, 'verificationCode'> & { passkey: unknown },
  ip: string,
) {
  const destination = await destinationOf(deps, sender, { ...input, verificationCode: '' });
  await checkBalance(deps.database.db, sender.id, input.quantity_cg);
  await verifyAssertion(deps, sender.id, 'transfer', input.passkey as PasskeyAssertion, {
    binding: binding(input.quantity_cg, input.receiver_email),
    ip,
  });
  return placeTransfer(deps, sender, destination, input.quantity_cg, input.message);
}

export type Destination = { receiver: UserRow } | { receiver: null; email: string; cpf: string };

/**
 * Who receives: the account with the e-mail (the id the screen checked must still be it), or, with no account, the
 * e-mail and the CPF the sender typed (required then).
 */
async function destinationOf(deps: AppDeps, sender: UserRow, input: CreateSilverTransferInput): Promise<Destination> {
  if (input.receiver_email === sender.email.toLowerCase())
    throw invalid('receiver_email', MESSAGES.transferToSelf, 'SILVER_TRANSFER_TO_SELF');
  const receiver = await findUserByEmail(deps.database.db, input.receiver_email);
  if (receiver) {
    if (input.receiver_id !== null && input.receiver_id !== receiver.id)
      throw invalid('receiver_email', MESSAGES.transferReceiverChanged);
    checkReceivable(sender, receiver);
    return { receiver };
  }
  if (input.receiver_id !== null) throw invalid('receiver_email', MESSAGES.transferReceiverChanged);
  if (!input.receiver_cpf) throw invalid('receiver_cpf', MESSAGES.cpfInvalid);
  if (sender.cpf && input.receiver_cpf === sender.cpf)
    throw invalid('receiver_cpf', MESSAGES.transferToSelf, 'SILVER_TRANSFER_TO_SELF');
  return { receiver: null, email: input.receiver_email, cpf: input.receiver_cpf };
}

/**
 * POST /api/silver-transfer: the receiver and the balance are checked before the code is spent (a mistake costs no
 * code), then the code (bound to this quantity and this receiver), then placeTransfer.
 */
export async function createTransfer(deps: AppDeps, sender: UserRow, input: CreateSilverTransferInput) {
  const db = deps.database.db;
  await refuseCodeWithPasskey(db, sender.id);
  const destination = await destinationOf(deps, sender, input);
  await checkBalance(db, sender.id, input.quantity_cg);
  try {
    await consumeCode(db, deps.config, {
      subject: sender.email,
      purpose: 'transfer',
      code: input.verificationCode,
      binding: binding(input.quantity_cg, input.receiver_email),
    });
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, err.message, { verificationCode: [err.message] });
    throw err;
  }
  return placeTransfer(deps, sender, destination, input.quantity_cg, input.message);
}

/**
 * The transfer itself, once the code was accepted: one transaction inserts the row and posts the grams, from the
 * sender's available balance to the receiver's, or to transfer:unclaimed while the e-mail has no account (LEDGER.md
 * flow 6). The ledger's guarded posting refuses more than the balance, however many transfers run at once. The
 * e-mails (the receiver's notice, or the invitation to register) go in the same transaction.
 */
export async function placeTransfer(
  deps: AppDeps,
  sender: UserRow,
  destination: Destination,
  quantityCg: number,
  message: string | null,
) {
  const receiver = destination.receiver;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + deps.config.windows.transferUnclaimedSeconds * 1000);
  const row = await withTransaction(deps.database.db, async (tx) => {
    const t = await insertTransfer(tx, {
      senderId: sender.id,
      receiverId: receiver?.id ?? null,
      receiverEmail: receiver ? receiver.email.toLowerCase() : destination.email,
      receiverCpf: receiver ? null : destination.cpf,
      quantityCg,
      message,
      status: receiver ? 'completed' : 'pending',
      checkCode: newCheckCode(),
      expiresAt: receiver ? null : expiresAt,
      completedAt: receiver ? now : null,
    });
    const posted = await post(tx, {
      id: transferLedgerId(t.id),
      debit: { customer: sender.id, bucket: 'available' },
      credit: receiver ? { customer: receiver.id, bucket: 'available' } : { system: 'transfer:unclaimed' },
      currency: 'AG',
      amount: quantityCg,
      code: receiver ? 'transfer.silver' : 'transfer.unclaimed',
    });
    if (!posted.ok) {
      if (posted.reason === 'insufficient_funds')
        throw invalid('quantity_grams', MESSAGES.transferInsufficientSilver, 'INSUFFICIENT_BALANCE');
      if (posted.reason === 'account_closed' && receiver && posted.account?.startsWith(`customer:${receiver.id}:`))
        throw invalid('receiver_email', MESSAGES.transferReceiverUnavailable, 'SILVER_TRANSFER_RECEIVER_UNAVAILABLE');
      throw new LedgerRefusedError(posted, 'AG');
    }
    const grams = formatGrams(quantityCg);
    const senderName = await partyNameOf(tx, sender);
    if (receiver) {
      await logEvent(tx, sender.id, `Transferência nº ${t.id} de ${grams} de prata para ${t.receiverEmail}`);
      await logEvent(tx, receiver.id, `Transferência nº ${t.id} de ${grams} de prata recebida de ${senderName}`);
      await enqueueEmail(tx, {
        to: receiver.email,
        ...transferReceivedMail(receiver.name, { id: t.id, grams, sender: senderName, message }),
      });
    } else {
      await logEvent(
        tx,
        sender.id,
        `Transferência nº ${t.id} de ${grams} de prata para ${t.receiverEmail}, aguardando o cadastro do recebedor`,
      );
      await enqueueEmail(tx, {
        to: t.receiverEmail,
        ...transferInvitationMail(
          { grams, sender: senderName, message, until: formatDateBR(expiresAt) },
          `${deps.config.publicUrl}/register`,
        ),
      });
    }
    return t;
  });
  deps.outbox.kick();
  const names = await namesOf(deps.database.db, [row.receiverId, sender.id]);
  return {
    transfer: presentTransfer(row, sender.id, names),
    message: receiver ? MESSAGES.transferCompleted : MESSAGES.transferPending,
  };
}

/**
 * GET /api/silver-transfers?page=N: the customer's sent and received transfers, newest first.
 */
export async function listTransfers(deps: AppDeps, userId: number, pageNumber: number) {
  const db = deps.database.db;
  const { keys, total } = await customerTransferPageKeys(db, userId, { page: pageNumber, perPage: HISTORY_PAGE_SIZE });
  const found = await transfersByIds(db, keys);
  const rows = inKeyOrder(found, keys, (r) => r.id);
  const names = await namesOf(
    db,
    rows.flatMap((r) => [r.senderId, r.receiverId]),
  );
  return {
    silverTransfers: page(
      rows.map((r) => presentTransfer(r, userId, names)),
      total,
    ),
  };
}

/** A transfer the customer sent or received; any other: 404 (never 403). */
export async function ownTransfer(db: Executor, userId: number, id: number): Promise<SilverTransferRow> {
  const row = await customerTransferById(db, userId, id);
  if (!row) throw notFound();
  return row;
}
