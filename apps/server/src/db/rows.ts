// The row types of the tables (db/schema), for code that reads rows a repository answered: services, presenters,
// routes. Types only, so importing them runs no SQL (the boundary rule \`sql-in-repositories\` forbids importing the
// tables themselves outside a feature's repository; its parser cannot tell \`import type\` apart).
import type { coupons } from './schema/index';

export type {
  BankingInformationRow,
  BuyerData,
  ChatRow,
  CompanyRow,
  DeliveryAddressData,
  DepositHoldReason,
  DepositRow,
  DepositStatus,
  DocumentRow,
  FaqRow,
  InvoiceBorrower,
  PasskeyRow,
  ProductInvoiceLine,
  ProductInvoiceRow,
  ProductInvoiceTaxes,
  ProductTypeRow,
  ServiceInvoiceLine,
  ServiceInvoiceRow,
  SilverTransferRow,
  SilverWithdrawalItemRow,
  SilverWithdrawalRow,
  TicketAttachmentRow,
  TicketInteractionRow,
  TicketRatingRow,
  TicketRow,
  TradingLimitRequestRow,
  UserRow,
  WithdrawalDestination,
  WithdrawalRow,
  WithdrawalStatus,
} from './schema/index';

export type CouponRow = typeof coupons.$inferSelect;
