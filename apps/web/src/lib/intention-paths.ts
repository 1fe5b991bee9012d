/**
 * Which POSTs may leave without an intention's Idempotency-Key (lib/intention.ts). Every other POST creates
 * something a double click would create twice (an order, a ticket, a message, an address...): intention-paths.test.ts
 * checks every POST of the source against this file, and that keys are made only by useIntention; in development and
 * tests the client also refuses such a POST without a key (lib/api.ts). `:id` stands for one path segment.
 */
export const POSTS_WITHOUT_INTENTION: readonly string[] = [
  // signing in, out and proving who one is: nothing is created, a second try answers the same or is refused
  '/login',
  '/login/verification-code',
  '/login/passkey/options',
  '/login/passkey',
  '/logout',
  '/session/renew',
  '/password/reset',
  '/register/verify/:id',
  '/sessions/end-by-link',
  '/ticket/verify-code',
  '/silver-withdrawal/check-password',
  // passkey challenges: each answered once, within minutes; a second one is another challenge, nothing more
  '/user/passkeys/registration-options',
  '/withdrawal/passkey-options',
  '/silver-transfer/passkey-options',
  // checks and previews: they answer, they keep nothing
  '/silver-transfer/check-receiver',
  '/silver-withdrawal/check-email',
  '/silver-withdrawal/validate-quantity',
  '/silver-withdrawal/shipping-quote',
  '/silver-withdrawal/calculate-charge',
  // a question to the help assistant, answered like a search (use-chat.ts sends one at a time)
  '/chat/ask',
  // moves of something that exists, which the server makes at most once (pause, resume, cancel a plan)
  '/saving-plans/:id/:id',
  // runs that replace what they write (the ledger's check, a day's proof of reserves, a demo payment of one charge)
  '/admin/reconciliation',
  '/admin/reserves/rebuild',
  '/dev/payments/:id/receive',
  // one subscription per browser endpoint: sending it again keeps the one
  '/push/subscriptions',
];

/**
 * Creations whose screens are not yet sent through useIntention, each owned by its feature's own work: allowed so they
 * keep working, and listed so the test fails once one is converted and its line must go.
 */
export const CREATIONS_NOT_YET_THROUGH_INTENTION: readonly string[] = [];

const pattern = (path: string) => new RegExp(`^${path.replace(/:id/g, '[^/]+')}$`);

/** True when a POST to `path` (as the app calls it, '/ticket/verify-code') may go without an intention's key. */
export function postNeedsNoIntention(path: string): boolean {
  const bare = (path.startsWith('/') ? path : `/${path}`).split('?')[0]!;
  return [...POSTS_WITHOUT_INTENTION, ...CREATIONS_NOT_YET_THROUGH_INTENTION].some((p) => pattern(p).test(bare));
}
