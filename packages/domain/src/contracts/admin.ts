import { z } from 'zod';
import { MESSAGES } from '../messages';
import { moneyField } from './account';
import { ACCOUNT_TYPES, boundedString, isoDateTime, PageQuery, pageOf, requiredText, withUnits } from './common';
import { BankingInformation, DocumentInfo, TradingLimitRequest } from './profile';
import { User } from './users';

/** A customer's review status as operators see it. */
export const CUSTOMER_STATUSES = ['pending', 'approved', 'rejected', 'closed'] as const;
export const CustomerStatus = z.enum(CUSTOMER_STATUSES);
export type CustomerStatus = z.infer<typeof CustomerStatus>;

/** GET /api/admin/customers?q=&status=&page=: by name, e-mail, CPF or CNPJ, and review status. */
export const AdminCustomersQuery = PageQuery.extend({
  q: boundedString({ max: 120 }).default(''),
  status: z.enum(['all', ...CUSTOMER_STATUSES]).default('all'),
});
export type CustomerFilter = z.infer<typeof AdminCustomersQuery>['status'];

/** A row of GET /api/admin/customers */
export const CustomerSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  cpf: z.string().nullable(),
  cnpj: z.string().nullable(),
  razao_social: z.string().nullable(),
  status: CustomerStatus,
  email_verified_at: isoDateTime().nullable(),
  created_at: isoDateTime(),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;

export const CustomersResponse = pageOf(CustomerSummary);
export type CustomersResponse = z.infer<typeof CustomersResponse>;

/** GET /api/admin/customers/{id}: the customer (as GET /api/user presents it, with the review status) and its files. */
export const CustomerDetailResponse = z.object({
  customer: User.extend({
    status: CustomerStatus,
    /** an operator's block: no sign-in, no session (PUT/DELETE /api/admin/customers/{id}/block) */
    blocked_at: isoDateTime().nullable(),
    blocked_reason: z.string().nullable(),
  }),
  documents: z.array(DocumentInfo),
  bankingInformation: z.array(BankingInformation),
  tradingLimitRequests: z.array(TradingLimitRequest),
});
export type CustomerDetailResponse = z.infer<typeof CustomerDetailResponse>;

/** PUT /api/admin/customers/{id}/block: the reason, kept for the audit and shown to operators (not to the customer). */
export const BlockCustomerRequest = z.object({
  reason: requiredText(MESSAGES.reasonRequired, 500, { multiline: true }),
});
export type BlockCustomerRequest = z.infer<typeof BlockCustomerRequest>;

/** POST /api/admin/customers/{id}/review: the customer's detail after the decision. */
export const CustomerReviewResponse = CustomerDetailResponse.extend({ message: z.string() });
export type CustomerReviewResponse = z.infer<typeof CustomerReviewResponse>;

/** An audit entry as operators read it: in Portuguese, sensitive values masked, no raw details. */
export const AuditEntry = z.object({
  id: z.number().int(),
  created_at: isoDateTime(),
  /** null: the system (a command-line script) */
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  /** the stable key, e.g. 'customer.registration_approved' */
  action: z.string(),
  /** the action in Portuguese, e.g. 'Cadastro aprovado' */
  description: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** e.g. 'Cliente nº 12' */
  target: z.string().nullable(),
  /** one fact per line, e.g. 'Celular: de (11) 9****-4321 para (21) 9****-5678' */
  details: z.array(z.string()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** GET /api/admin/audit-log, GET /api/admin/customers/{id}/audit: newest first. */
export const AuditLogResponse = pageOf(AuditEntry);
export type AuditLogResponse = z.infer<typeof AuditLogResponse>;

/** A row of GET /api/admin/trading-limit-requests: a pending request and who asks (current limit in reais). */
export const PendingLimitRequest = TradingLimitRequest.extend({
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string(), trading_limit: z.number() }),
});
export type PendingLimitRequest = z.infer<typeof PendingLimitRequest>;

/** GET /api/admin/trading-limit-requests: pending requests, oldest first. */
export const PendingLimitRequestsResponse = pageOf(PendingLimitRequest);
export type PendingLimitRequestsResponse = z.infer<typeof PendingLimitRequestsResponse>;

/** POST /api/admin/trading-limit-requests/{id}/review: approve (another limit than asked, or the asked one) or reject. */
export const LimitReviewRequest = z.discriminatedUnion('decision', [
  withUnits(
    z.object({
      decision: z.literal('approve'),
      approved_limit: moneyField(MESSAGES.newLimitRequired).optional(),
    }),
    { approved_limit: 'approved_limit_cents' },
  ),
  z.object({
    decision: z.literal('reject'),
    reason: requiredText(MESSAGES.reasonRequired, 500, { multiline: true }),
  }),
]);

/** POST /api/admin/trading-limit-requests/{id}/review */
export const LimitReviewResponse = z.object({ tradingLimitRequest: TradingLimitRequest, message: z.string() });
export type LimitReviewResponse = z.infer<typeof LimitReviewResponse>;
