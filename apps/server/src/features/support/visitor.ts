import { MESSAGES, type TicketFields, VISITOR_PROOF_MINUTES } from '@prata/domain';
import type { AppDeps } from '@/deps';
import { withTransaction } from '@/db/tx';
import { codeSent, consumeCode, issueCode } from '@/lib/codes';
import { randomToken, sha256Hex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import type { UploadedFile } from '@/lib/uploads';
import { enqueueEmail } from '@/messaging/outbox';
import { ticketCodeMail } from '@/messaging/templates';
import { emailKey, settledBy } from '@/plugins/rate-limit';
import { findUserByEmail } from '@/features/users/index';
import { insertEmailProof, spendEmailProof } from './repository/index';
import { insertTicket } from './tickets';

/**
 * A visitor's ticket (spec 3 "Visitor ticket"): the e-mail, a six-digit code sent to it, the code checked (which
 * answers a proof, good for one ticket within VISITOR_PROOF_MINUTES), then the ticket. The ticket belongs to the
 * account of that e-mail when there is one; otherwise it waits for whoever signs in with that e-mail. docs/support.md.
 */

/** POST /api/ticket/send-verification-code (and the resend): the same answer whether the e-mail has an account. */
export async function sendVisitorCode(deps: AppDeps, email: string, ip: string) {
  await deps.limiter.hit('messagesAddress', ip);
  await withTransaction(deps.database.db, async (tx) => {
    const code = await issueCode(tx, deps.config, {
      userId: null,
      subject: email,
      purpose: 'ticket',
      channel: 'email',
      // counted once the resend window allows a new code
      beforeIssue: () => deps.limiter.hit('messagesDestination', emailKey(email)),
    });
    await enqueueEmail(tx, {
      to: email,
      ...ticketCodeMail(code, deps.config.windows.codeTtlSeconds),
      carriesSecret: true,
    });
  });
  deps.outbox.kick();
  return codeSent(deps.config, MESSAGES.ticketCodeSent);
}

/** POST /api/ticket/verify-code: wrong codes count against the e-mail and the address, as the sign-in's do. */
export async function verifyVisitorCode(deps: AppDeps, email: string, code: string, ip: string) {
  const account = emailKey(email);
  const attempt = await deps.limiter.attempt([
    ['codeAccount', account],
    ['codeAddress', ip],
  ]);
  await settledBy(attempt, () =>
    consumeCode(deps.database.db, deps.config, { subject: email, purpose: 'ticket', code }),
  );
  await attempt.succeeded(['codeAccount']);
  const token = randomToken();
  await insertEmailProof(deps.database.db, {
    email: email.trim().toLowerCase(),
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + VISITOR_PROOF_MINUTES * 60_000),
  });
  return { message: MESSAGES.ticketEmailVerified, verification_token: token };
}

/**
 * POST /api/ticket/visitor: refused (403) without an unused, unexpired proof of that very e-mail; the proof is spent
 * in the ticket's transaction, so one proof opens one ticket.
 */
export async function createVisitorTicket(
  deps: AppDeps,
  input: TicketFields & { email: string; verification_token: string },
  files: UploadedFile[],
  ip: string,
) {
  const email = input.email.trim().toLowerCase();
  await deps.limiter.hit('ticketsAccount', emailKey(email));
  await deps.limiter.hit('ticketsAddress', ip);
  const account = await findUserByEmail(deps.database.db, email);
  const row = await insertTicket(
    deps,
    { ...input, userId: account?.id ?? null, email, visitor: true, authorId: account?.id ?? null },
    files,
    async (tx) => {
      const spent = await spendEmailProof(tx, { email, tokenHash: sha256Hex(input.verification_token) });
      if (!spent)
        throw new AppError('TICKET_EMAIL_NOT_VERIFIED', MESSAGES.ticketEmailNotVerified, {
          email: [MESSAGES.ticketEmailNotVerified],
        });
    },
  );
  return { message: MESSAGES.visitorTicketCreated, ticket: { id: row.id } };
}
