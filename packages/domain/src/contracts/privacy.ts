import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isoDateTime, requiredText } from './common';

/**
 * Privacy and data (docs/privacy.md): the customer's copy of their data, the consents they gave, the
 * processors their data goes to, the privacy policy, and the back office's queue of LGPD requests.
 */

export const PRIVACY_REQUEST_KINDS = ['export', 'erasure', 'access', 'correction'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_REQUEST_STATUSES = [
  'pending',
  'building',
  'ready',
  'expired',
  'answered',
  'refused',
  'failed',
] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];
/** LGPD art. 19: a request is answered within 15 days. */
export const PRIVACY_REQUEST_DUE_DAYS = 15;
/** The exports the tab lists (the newest). */
export const PRIVACY_EXPORTS_LISTED = 5;
/** Rows per page of the back office's queue. */
export const PRIVACY_QUEUE_PAGE = 25;

/** What each kind of request is called on the screens. */
export const PRIVACY_REQUEST_KIND_LABELS: Record<PrivacyRequestKind, string> = {
  export: 'Cópia dos dados',
  erasure: 'Eliminação',
  access: 'Acesso',
  correction: 'Correção',
};

/** What each status of a request is called on the screens. */
export const PRIVACY_REQUEST_STATUS_LABELS: Record<PrivacyRequestStatus, string> = {
  pending: 'Na fila',
  building: 'Em preparação',
  ready: 'Pronto',
  expired: 'Link expirado',
  answered: 'Respondido',
  refused: 'Recusado',
  failed: 'Falhou (será tentado de novo)',
};

/** One of the customer's exports as the tab shows it. */
export const PrivacyExport = z.object({
  id: z.number().int(),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  created_at: isoDateTime(),
  due_at: isoDateTime(),
  answered_at: isoDateTime().nullable(),
  /** until when the file can be downloaded (ready only) */
  expires_at: isoDateTime().nullable(),
  size_bytes: z.number().int().nullable(),
});
export type PrivacyExport = z.infer<typeof PrivacyExport>;

/** A processor that receives customers' data (the register operators keep). */
export const DataProcessor = z.object({
  id: z.number().int(),
  name: z.string(),
  service: z.string(),
  data_categories: z.string(),
  purpose: z.string(),
  legal_basis: z.string(),
  country: z.string(),
  active: z.boolean(),
  updated_at: isoDateTime(),
});
export type DataProcessor = z.infer<typeof DataProcessor>;

/** A legal document the customer accepted, or null when none is recorded. */
export const ConsentDocument = z
  .object({ version: z.string(), accepted_at: isoDateTime(), current_version: z.string() })
  .nullable();

/** The encarregado (DPO, LGPD art. 41): who answers for the processing of personal data, and how to reach them. */
export const DataProtectionOfficer = z.object({ name: z.string(), email: z.string() });

/** GET /api/privacy: everything the "Privacidade e dados" tab shows. */
export const PrivacyOverviewResponse = z.object({
  exports: z.array(PrivacyExport),
  /** when the next export may be asked for; null: now */
  next_export_at: isoDateTime().nullable(),
  /** how long a ready file can be downloaded, in days */
  export_link_days: z.number().int(),
  processors: z.array(DataProcessor),
  consents: z.object({
    termos: ConsentDocument,
    privacidade: ConsentDocument,
    marketing: z.object({ opted_in: z.boolean(), changed_at: isoDateTime().nullable() }),
  }),
  dpo: DataProtectionOfficer,
});
export type PrivacyOverviewResponse = z.infer<typeof PrivacyOverviewResponse>;

/** POST /api/privacy/exports (no body): the new request, answered 201. */
export const PrivacyExportCreatedResponse = z.object({ export: PrivacyExport, message: z.string() });
export type PrivacyExportCreatedResponse = z.infer<typeof PrivacyExportCreatedResponse>;

/** PUT /api/privacy/consents/marketing */
export const MarketingConsentRequest = z.object({
  opted_in: z.boolean({ error: MESSAGES.marketingChoiceRequired }),
});
export type MarketingConsentRequest = z.infer<typeof MarketingConsentRequest>;
export const MarketingConsentResponse = z.object({
  opted_in: z.boolean(),
  changed_at: isoDateTime(),
  message: z.string(),
});
export type MarketingConsentResponse = z.infer<typeof MarketingConsentResponse>;

/** GET /api/privacy/download/{token}: the e-mailed link's token (43 characters of base64url). */
export const PrivacyDownloadParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

/** GET /api/privacidade (public): the privacy policy as published, and the encarregado. */
export const PrivacyPolicyResponse = z.object({
  html: z.string(),
  version: z.string(),
  published_at: isoDateTime(),
  dpo: DataProtectionOfficer,
});
export type PrivacyPolicyResponse = z.infer<typeof PrivacyPolicyResponse>;

/** GET /api/admin/privacy/requests: `?status=open|all&cursor=` (keyset on due date and id). */
export const AdminPrivacyRequestsQuery = z.object({
  status: z.enum(['open', 'all']).default('open'),
  cursor: z
    .string()
    .regex(/^\d{16}-\d{1,15}$/, { error: MESSAGES.privacyCursorInvalid })
    .optional(),
});
export type AdminPrivacyRequestsQuery = z.infer<typeof AdminPrivacyRequestsQuery>;
export const AdminPrivacyRequest = z.object({
  id: z.number().int(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  created_at: isoDateTime(),
  due_at: isoDateTime(),
  answered_at: isoDateTime().nullable(),
  answered_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** past due and not answered */
  overdue: z.boolean(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
});
export type AdminPrivacyRequest = z.infer<typeof AdminPrivacyRequest>;
export const AdminPrivacyRequestsResponse = z.object({
  data: z.array(AdminPrivacyRequest),
  /** the next page's cursor; null on the last page */
  next_cursor: z.string().nullable(),
});
export type AdminPrivacyRequestsResponse = z.infer<typeof AdminPrivacyRequestsResponse>;

const processorText = (max: number, required: string) => requiredText(required, max, { multiline: max > 300 });

/** POST /api/admin/privacy/processors and PUT /api/admin/privacy/processors/{id} */
export const DataProcessorRequest = z.object({
  name: processorText(120, MESSAGES.processorNameRequired),
  service: processorText(200, MESSAGES.processorServiceRequired),
  data_categories: processorText(1000, MESSAGES.processorDataRequired),
  purpose: processorText(1000, MESSAGES.processorPurposeRequired),
  legal_basis: processorText(300, MESSAGES.processorLegalBasisRequired),
  country: processorText(80, MESSAGES.processorCountryRequired),
  active: z.boolean().default(true),
});
export type DataProcessorRequest = z.infer<typeof DataProcessorRequest>;
/** POST and PUT answer the processor as saved and a message. */
export const DataProcessorSavedResponse = z.object({ processor: DataProcessor, message: z.string() });
export type DataProcessorSavedResponse = z.infer<typeof DataProcessorSavedResponse>;
export const AdminDataProcessorsResponse = z.object({ data: z.array(DataProcessor) });
export type AdminDataProcessorsResponse = z.infer<typeof AdminDataProcessorsResponse>;

/**
 * The copy of a customer's data (data.json inside the ZIP; docs/privacy.md documents each section). Every section is a
 * list of the database's records as they are, one object each (amounts in centavos or centigrams, instants in ISO 8601),
 * without what is a secret of the platform (password hashes, codes' and tokens' hashes, session ids).
 */
export const PRIVACY_EXPORT_FORMAT = 'prata.privacy-export';
export const PRIVACY_EXPORT_VERSION = 1;
/** Every section of data.json, in the order the file and the summary PDF list them. */
export const PRIVACY_EXPORT_SECTIONS = [
  'addresses',
  'documents',
  'bank_entries',
  'trading_limit_requests',
  'ledger_accounts',
  'ledger_movements',
  'orders',
  'trades',
  'deposits',
  'withdrawals',
  'silver_withdrawals',
  'silver_transfers',
  'tickets',
  'ticket_messages',
  'ticket_attachments',
  'service_invoices',
  'product_invoices',
  'price_alerts',
  'saving_plans',
  'consents',
  'sessions',
  'account_events',
  'audit_entries',
  'privacy_requests',
] as const;
export type PrivacyExportSection = (typeof PRIVACY_EXPORT_SECTIONS)[number];

/** What each section is called in the summary PDF and on the screens. */
export const PRIVACY_EXPORT_SECTION_LABELS: Record<PrivacyExportSection, string> = {
  addresses: 'Endereços',
  documents: 'Documentos enviados',
  bank_entries: 'Dados bancários',
  trading_limit_requests: 'Pedidos de aumento de limite',
  ledger_accounts: 'Contas de saldo (reais e prata)',
  ledger_movements: 'Movimentações de saldo',
  orders: 'Ordens de compra e venda',
  trades: 'Negócios realizados',
  deposits: 'Depósitos',
  withdrawals: 'Retiradas em reais',
  silver_withdrawals: 'Retiradas de prata física',
  silver_transfers: 'Transferências de prata',
  tickets: 'Chamados de atendimento',
  ticket_messages: 'Mensagens dos chamados',
  ticket_attachments: 'Anexos dos chamados',
  service_invoices: 'Notas fiscais de serviço',
  product_invoices: 'Notas fiscais de produto',
  price_alerts: 'Alertas de preço',
  saving_plans: 'Poupança automática',
  consents: 'Consentimentos',
  sessions: 'Sessões (acessos)',
  account_events: 'Eventos da conta',
  audit_entries: 'Registros de auditoria sobre você',
  privacy_requests: 'Pedidos de privacidade',
};

/** One record of a section: the table's columns; every record has its id. */
export const PrivacyExportRecord = z.object({ id: z.union([z.number(), z.string().max(200)]) }).catchall(z.unknown());

/** A file in the ZIP beside data.json: a document or a ticket's attachment, with its checksum. */
export const PrivacyExportFile = z.object({
  path: z
    .string()
    .max(300)
    .regex(/^(documentos|anexos)\/[^/]+$/),
  source: z.enum(['document', 'ticket_attachment']),
  record_id: z.number().int(),
  original_name: z.string().max(255),
  mime_type: z.string().max(100),
  size_bytes: z.number().int().nonnegative(),
  sha256: z
    .string()
    .max(64)
    .regex(/^[a-f0-9]{64}$/),
});

export const PrivacyExportData = z.object({
  format: z.literal(PRIVACY_EXPORT_FORMAT),
  version: z.literal(PRIVACY_EXPORT_VERSION),
  generated_at: z.string().max(40),
  request_id: z.number().int(),
  /** the registration: the users row without secrets, with the PEP and FATCA declarations */
  customer: z
    .object({
      id: z.number().int(),
      name: z.string().max(255),
      email: z.string().max(254),
      account_type: z.enum(['individual', 'company']),
      created_at: z.string().max(40),
    })
    .catchall(z.unknown()),
  /** the company's registration (companies' accounts only) */
  company: PrivacyExportRecord.nullable(),
  declarations: z.object({
    politicamente_exposto: z.boolean().nullable(),
    americano: z.boolean().nullable(),
    naturalizacao_americana: z.boolean().nullable(),
    caracteristica_us_person: z.boolean().nullable(),
    contribuinte_americano: z.boolean().nullable(),
    fatca_declared_at: z.string().max(40).nullable(),
  }),
  sections: z.object(
    Object.fromEntries(PRIVACY_EXPORT_SECTIONS.map((s) => [s, z.array(PrivacyExportRecord)])) as Record<
      PrivacyExportSection,
      z.ZodArray<typeof PrivacyExportRecord>
    >,
  ),
  files: z.array(PrivacyExportFile),
});
export type PrivacyExportData = z.infer<typeof PrivacyExportData>;

/** GET /api/privacy/exports/{id}/file and GET /api/privacy/download/{token}: the ZIP, as an attachment. */
export const PrivacyExportFileResponse = {
  description: 'A cópia dos dados, um arquivo ZIP (Content-Disposition: attachment).',
  content: { 'application/zip': { schema: z.file() } },
};

// ---- erasure ("Pedir eliminação"; docs/privacy.md "Eliminação") ----

/** Why an erasure cannot be done now: each is a balance or something still pending, named by a stable code. */
export const ERASURE_BLOCKERS = [
  'balance_brl',
  'balance_ag',
  'held_funds',
  'open_orders',
  'pending_deposits',
  'pending_withdrawals',
  'pending_silver_withdrawals',
  'pending_silver_transfers',
  'live_saving_plans',
] as const;
export type ErasureBlocker = (typeof ERASURE_BLOCKERS)[number];
export const ErasureReason = z.object({ code: z.enum(ERASURE_BLOCKERS), message: z.string() });
export type ErasureReason = z.infer<typeof ErasureReason>;

/** Lei 9.613/1998 art. 10: records of operations and of their parties are kept five years. */
export const AML_RETENTION_YEARS = 5;

/** One part of what an erasure keeps: what, why, and until when (null: until the account's records go). */
export const ErasureKept = z.object({ what: z.string(), why: z.string(), until: isoDateTime() });
export type ErasureKept = z.infer<typeof ErasureKept>;

/** GET /api/privacy/erasure: whether the customer may ask now, why not, what goes and what stays until when. */
export const ErasureStatusResponse = z.object({
  allowed: z.boolean(),
  reasons: z.array(ErasureReason),
  erased: z.array(z.string()),
  kept: z.array(ErasureKept),
});
export type ErasureStatusResponse = z.infer<typeof ErasureStatusResponse>;

/** POST /api/privacy/erasure: the password confirms it (Idempotency-Key accepted). */
export const ErasureRequest = z.object({
  password: z.string({ error: MESSAGES.erasurePasswordRequired }).min(1, MESSAGES.erasurePasswordRequired).max(200),
});
export type ErasureRequest = z.infer<typeof ErasureRequest>;
export const ErasureDoneResponse = z.object({
  request_id: z.number().int(),
  erased_at: isoDateTime(),
  erased: z.array(z.string()),
  kept: z.array(ErasureKept),
  message: z.string(),
});
export type ErasureDoneResponse = z.infer<typeof ErasureDoneResponse>;
