import { type CodeSentResponse, type ContactCodeRequest, formatCelular, MESSAGES } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { UserRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { codeSent, consumeCode, issueCode, type Binding } from '@/lib/codes';
import { AppError, invalid } from '@/lib/errors';
import { enqueueEmail } from '@/messaging/outbox';
import { contactChangeCodeMail, contactChangedMail } from '@/messaging/templates';
import { emailKey, settledBy } from '@/plugins/rate-limit';
import { findCompanyByUser } from '@/features/users/index';
import { type Actor, auditCustomerChange, changedFields, type FieldChange } from './changes';

/**
 * Contact data that can take over an account or receive its money: the mobile number (SMS sign-in codes) and a
 * company's contact e-mail (Pix e-mail keys must match it). Once stored, it changes only with a six-digit code sent to
 * the account's e-mail, bound to the new values: a code issued for number A cannot confirm number B.
 * Individuals have only `celular`; companies also `email`.
 */
export type Contact = { celular: string | null; email?: string | null };

/** What the code confirms: every contact field of the account, as it will be after the change. */
const contactBinding = (next: Contact): Binding =>
  next.email === undefined ? { celular: next.celular } : { celular: next.celular, email: next.email };

const contactChanges = (stored: Contact, next: Contact): FieldChange[] =>
  changedFields({
    celular: [stored.celular, next.celular],
    ...(next.email === undefined ? {} : { email: [stored.email ?? null, next.email] }),
  });

const describeValue = (field: string, value: string | null) =>
  value === null ? '(vazio)' : field === 'celular' ? formatCelular(value) : value;
const FIELD_NAMES: Record<string, string> = { celular: 'celular', email: 'e-mail de contato' };

/** "celular (11) 98765-4321 → (21) 98765-4321" lines for the customer's e-mails and history. */
const describeChanges = (changes: FieldChange[]) =>
  changes.map(
    (c) =>
      `${FIELD_NAMES[c.field] ?? c.field}: de ${describeValue(c.field, c.from)} para ${describeValue(c.field, c.to)}`,
  );

/** The stored contact of the account: the user's mobile number, or the company's number and contact e-mail. */
async function storedContact(tx: Executor, user: UserRow): Promise<Contact | null> {
  if (user.accountType === 'individual') return { celular: user.celular };
  const company = await findCompanyByUser(tx, user.id);
  return company ? { celular: company.celular, email: company.email } : null;
}

/** POST /api/user/contact-code: sends the code that confirms these new contact values to the account's e-mail. */
export async function requestContactCode(
  deps: AppDeps,
  user: UserRow,
  input: ContactCodeRequest,
  actor: Actor,
): Promise<CodeSentResponse> {
  if (actor.ip) await deps.limiter.hit('messagesAddress', actor.ip);
  await withTransaction(deps.database.db, async (tx) => {
    const stored = await storedContact(tx, user);
    const next: Contact =
      user.accountType === 'company'
        ? { celular: input.celular, email: (input.email ?? stored?.email ?? '').toLowerCase() }
        : { celular: input.celular };
    const changes = stored ? contactChanges(stored, next) : [];
    if (changes.length === 0) throw invalid('celular', MESSAGES.contactUnchanged, 'CONTACT_UNCHANGED');
    const code = await issueCode(tx, deps.config, {
      userId: user.id,
      subject: user.email,
      purpose: 'contact_change',
      channel: 'email',
      binding: contactBinding(next),
      beforeIssue: () => deps.limiter.hit('messagesDestination', emailKey(user.email)),
    });
    const change = changes.map((c) => `novo ${FIELD_NAMES[c.field]}: ${describeValue(c.field, c.to)}`).join('; ');
    await enqueueEmail(tx, {
      to: user.email,
      ...contactChangeCodeMail(user.name, code, change, deps.config.windows.codeTtlSeconds),
      carriesSecret: true,
    });
  });
  deps.outbox.kick();
  return codeSent(deps.config, MESSAGES.codeSentEmail);
}

/** A change of stored contact data that the code in the request must confirm. */
export type PendingContactChange = { changes: FieldChange[]; next: Contact; code: string };

/**
 * First of two steps before saving, and before any other work: when stored contact data changes, the request must
 * carry a code (CONTACT_CODE_REQUIRED otherwise, so the screen asks for one: POST /api/user/contact-code sends it to
 * the account's e-mail, bound to the new values).
 */
export function contactChangeNeedsCode(
  stored: Contact | null,
  next: Contact,
  code: string | undefined,
): PendingContactChange | null {
  const changes = stored ? contactChanges(stored, next) : [];
  if (changes.length === 0) return null;
  if (!code) {
    throw new AppError('CONTACT_CODE_REQUIRED', MESSAGES.contactCodeRequired, { code: [MESSAGES.contactCodeRequired] });
  }
  return { changes, next, code };
}

/**
 * Second step, once everything else is valid: the code must be the one issued for exactly these new values. It is
 * checked, and spent, in its own transaction, so a wrong guess counts even though the save fails. Answers the changes
 * to record.
 */
export async function confirmContactCode(
  deps: AppDeps,
  user: UserRow,
  pending: PendingContactChange | null,
): Promise<FieldChange[]> {
  if (!pending) return [];
  const { changes, next, code } = pending;
  // Wrong codes count against the account like wrong sign-in codes (each code also dies after its own misses).
  const account = emailKey(user.email);
  const attempt = await deps.limiter.attempt([['codeAccount', account]]);
  await settledBy(attempt, () =>
    consumeCode(deps.database.db, deps.config, {
      subject: user.email,
      purpose: 'contact_change',
      code,
      binding: contactBinding(next),
    }),
  );
  // a right code gives its try back without forgetting the wrong ones before it (as before this check took tries)
  await attempt.succeeded();
  return changes;
}

/**
 * After saving, in the same transaction: the customer's history, the audit log, and an e-mail to the account's
 * address and to a replaced contact e-mail, so the owner hears of a change they did not make.
 */
export async function recordContactChange(tx: Executor, user: UserRow, changes: FieldChange[], actor: Actor) {
  if (changes.length === 0) return;
  const lines = describeChanges(changes);
  await logEvent(tx, user.id, `Dados de contato alterados (${lines.join('; ')})`);
  await auditCustomerChange(tx, user, 'customer.contact_changed', changes, actor);
  const recipients = new Set([user.email.toLowerCase()]);
  const oldEmail = changes.find((c) => c.field === 'email')?.from;
  if (oldEmail) recipients.add(oldEmail.toLowerCase());
  for (const to of recipients) await enqueueEmail(tx, { to, ...contactChangedMail(user.name, lines) });
}
