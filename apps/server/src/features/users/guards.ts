import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@prata/domain';
import { AppError } from '@/lib/errors';
import { type Auth, authenticate, currentUser } from '@/plugins/auth';
import { isRegistrationComplete, registrationSteps } from './presenter';
import { countAddresses, findCompanyByUser } from './repository';

/**
 * An approved registration was complete when an operator approved it and cannot lose a step since (the last address
 * cannot be deleted, approved identity data is locked): both guards answer it without a query.
 */
function approvedWhole(user: Auth['user']) {
  return Boolean(user.approvedAt && !user.registrationRejectedAt);
}

/**
 * preHandler for the screens the spec names (deposit, profile, orders, withdrawals, transfer, affiliates): a customer
 * whose registration is incomplete gets 403 with the server's message, and the client sends them to /register/finish.
 */
export async function requireCompleteRegistration(request: FastifyRequest) {
  await authenticate(request);
  const user = currentUser(request);
  if (approvedWhole(user)) return;
  const db = request.server.deps.database.db;
  const [addressCount, company] = await Promise.all([countAddresses(db, user.id), findCompanyByUser(db, user.id)]);
  if (!isRegistrationComplete(user, registrationSteps(user, addressCount, company))) {
    throw new AppError('REGISTRATION_INCOMPLETE', MESSAGES.registrationIncomplete);
  }
}

/**
 * preHandler for anything that moves money or silver: the registration must also have been approved by an operator.
 */
export async function requireApprovedRegistration(request: FastifyRequest) {
  await authenticate(request);
  if (approvedWhole(currentUser(request))) return;
  await requireCompleteRegistration(request);
  const user = currentUser(request);
  if (user.registrationRejectedAt && user.registrationRejectionReason) {
    throw new AppError('REGISTRATION_REJECTED', MESSAGES.registrationRejected(user.registrationRejectionReason));
  }
  if (!user.approvedAt) throw new AppError('REGISTRATION_UNDER_REVIEW', MESSAGES.registrationUnderReview);
}
