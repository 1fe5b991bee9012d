/**
 * The stable machine codes of every error the API answers, beside its Portuguese message. Clients branch on these,
 * never on message text. Which HTTP status each code travels with is the server's business (one table at its edge,
 * apps/server/src/plugins/errors.ts); these names know nothing of HTTP.
 */
export const ERROR_CODES = [
  // the request itself
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'DATABASE_UNAVAILABLE',
  // sessions and permissions
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  // registration and sign-in
  'EMAIL_TAKEN',
  'COUPON_INVALID',
  'INVALID_CREDENTIALS',
  'SIGNIN_LOCKED',
  'ACCOUNT_CLOSED',
  'EMAIL_NOT_VERIFIED',
  'SMS_UNAVAILABLE',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_TOO_MANY_ATTEMPTS',
  'CODE_RESEND_WAIT',
  'LINK_INVALID',
  'REOPEN_NOT_ALLOWED',
  // registration data
  'REGISTRATION_INCOMPLETE',
  'REGISTRATION_UNDER_REVIEW',
  'REGISTRATION_REJECTED',
  'ACCOUNT_TYPE_MISMATCH',
  'CONTACT_CODE_REQUIRED',
  'CONTACT_UNCHANGED',
  'IDENTITY_LOCKED',
  'ACCOUNT_HAS_BALANCE',
  'LIST_LIMIT_REACHED',
  'ALREADY_EXISTS',
  'LAST_ADDRESS',
  'LIMIT_REQUEST_PENDING',
  // back office
  'ALREADY_DECIDED',
  'NOT_READY_FOR_APPROVAL',
  'CUSTOMER_ACCOUNT_CLOSED',
  // money
  'INSUFFICIENT_BALANCE',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  'IDEMPOTENCY_OUTCOME_UNKNOWN',
  'DEPOSIT_NOT_CANCELLABLE',
  'PENDING_DEPOSITS_LIMIT',
  'DEPOSIT_LIMIT_EXCEEDED',
  'DEPOSIT_EXPIRED',
  'DEPOSIT_NOT_HELD',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'WEBHOOK_UNAUTHORIZED',
  'WEBHOOK_MALFORMED',
  // the order book
  'ORDER_NOT_ALLOWED',
  'ORDER_PRICE_CHANGED',
  'ORDER_NOT_ENOUGH_IN_BOOK',
  'ORDER_NOT_OPEN',
  'ORDER_OWN',
  'TRADING_LIMIT_EXCEEDED',
  'ORDER_BOOK_BUSY',
  // physical silver: catalogue, checkout, withdrawals of bars
  'PRODUCT_UNAVAILABLE',
  'STOCK_EXCEEDED',
  'STOCK_BELOW_ZERO',
  'SHIPPING_UNAVAILABLE',
  'SHIPPING_QUOTE_FAILED',
  'SILVER_PRICE_UNAVAILABLE',
  'SILVER_CHARGE_CHANGED',
  'SILVER_WITHDRAWAL_NOT_CANCELLABLE',
  'SILVER_WITHDRAWAL_NOT_OPEN',
  // silver transfers between customers
  'SILVER_TRANSFER_TO_SELF',
  'SILVER_TRANSFER_RECEIVER_UNAVAILABLE',
  'SILVER_TRANSFER_NOT_CANCELLABLE',
  // support tickets
  'TICKET_CLOSED',
  'TICKET_NOT_CLOSED',
  'TICKET_ALREADY_RATED',
  'TICKET_EMAIL_NOT_VERIFIED',
  // invoices and the IRPF guide
  'INVOICING_UNAVAILABLE',
  'IRPF_YEAR_OUT_OF_RANGE',
  // monthly statements
  'STATEMENT_MONTH_OUT_OF_RANGE',
  // price alerts
  'PRICE_ALERT_LIMIT',
  'SAVING_PLAN_NOT_CHANGEABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && KNOWN.has(value);
