import { z } from 'zod';
import { MESSAGES } from '../messages';
import { TICKET_STATUS_LABELS } from '../messages/support';
import { codeField } from './auth';
import {
  boundedString,
  emailField,
  CodeSentResponse,
  integerField,
  isoDateTime,
  numberOrText,
  optionalText,
  pageOf,
  requiredText,
  pageParam,
  idParam,
} from './common';

/**
 * Support (spec 3 "Perguntas frequentes", "Entrar em contato", "Abrir ticket", "Ticket details", "Visitor ticket"):
 * the FAQs, the company's contact information, and tickets with messages, attachments and a rating. docs/support.md.
 *
 * A ticket is pending ('Em análise') until an operator closes it ('Fechado'); a closed ticket takes no new message and
 * no attachment change, and may be rated once.
 */

export const TICKET_STATUSES = ['pending', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export { TICKET_STATUS_LABELS };

/** Limits of a ticket (CODE_STYLE 7): the subject, the texts, the files of one request and of one ticket. */
export const TICKET_SUBJECT_MAX = 120;
export const TICKET_TEXT_MAX = 5000;
export const TICKET_RATING_TEXT_MAX = 1000;
export const TICKET_FILES_PER_REQUEST = 5;
export const TICKET_ATTACHMENTS_MAX = 10;
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 20_000;
export const CONTACT_VALUE_MAX = 500;
export const CATEGORY_NAME_MAX = 80;

/** The keys of the contact information (spec 3 §3), in the order the screen shows them. */
export const CONTACT_INFO_KEYS = [
  'company_line_1',
  'company_line_2',
  'company_line_3',
  'address_line_1',
  'address_line_2',
  'address_line_3',
  'opening_hours_line_1',
  'opening_hours_line_2',
  'opening_hours_line_3',
  'phones_line_1',
  'phones_line_2',
  'phones_line_3',
  'emails_line_1',
  'emails_line_2',
  'emails_line_3',
  'whatsapp_channel_url',
  'telegram_channel_url',
  'instagram_profile_url',
  'twitter_profile_url',
  'youtube_channel_url',
  // ours: the sister businesses, one "Name|https://address" per line (spec 3 "links to sister businesses")
  'sister_businesses',
] as const;
export type ContactInfoKey = (typeof CONTACT_INFO_KEYS)[number];
/** The keys whose value is a link (https only). */
export const CONTACT_URL_KEYS: readonly ContactInfoKey[] = [
  'whatsapp_channel_url',
  'telegram_channel_url',
  'instagram_profile_url',
  'twitter_profile_url',
  'youtube_channel_url',
];

// ------------------------------------------------------------------ FAQs and contact (public)

/** A question and its answer; the answer is HTML the server sanitized (text formatting and links only). */
export const Faq = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof Faq>;
/** GET /api/faqs */
export const FaqsResponse = z.object({ faqs: z.array(Faq) });
export type FaqsResponse = z.infer<typeof FaqsResponse>;

export const ContactInfoEntry = z.object({ key: z.enum(CONTACT_INFO_KEYS), value: z.string() });
export type ContactInfoEntry = z.infer<typeof ContactInfoEntry>;
/** GET /api/contact-information: the entries that have a value, in CONTACT_INFO_KEYS order. */
export const ContactInformationResponse = z.object({ info: z.array(ContactInfoEntry) });
export type ContactInformationResponse = z.infer<typeof ContactInformationResponse>;

/** 'Nome|https://endereço' lines of `sister_businesses` → links (lines that are not so are skipped). */
export function parseSisterBusinesses(value: string): Array<{ name: string; url: string }> {
  return value
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()))
    .filter((parts): parts is [string, string] => parts.length === 2 && Boolean(parts[0]) && isHttpsUrl(parts[1]))
    .map(([name, url]) => ({ name, url }));
}

export function isHttpsUrl(value: string | undefined): boolean {
  if (!value || value.length > CONTACT_VALUE_MAX) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------ categories

export const TicketCategoryRef = z.object({ id: z.number().int(), name: z.string() });
export const TicketSubcategory = z.object({ id: z.number().int(), category_id: z.number().int(), name: z.string() });
export type TicketSubcategory = z.infer<typeof TicketSubcategory>;
/** GET /api/ticket: the active categories and their subcategories, for the ticket form. */
export const TicketCategoriesResponse = z.object({
  categories: z.array(TicketCategoryRef),
  subcategories: z.array(TicketSubcategory),
});
export type TicketCategoriesResponse = z.infer<typeof TicketCategoriesResponse>;

// ------------------------------------------------------------------ tickets

/** A choice of the list: a positive id ('' or 0 from an untouched select is 'Selecione um item da lista'). */
const listChoice = () => integerField(MESSAGES.ticketChooseItem, 1, Number.MAX_SAFE_INTEGER);

/** The ticket form's fields (spec 3 §5); the files travel beside them as attachments[]. */
export const TicketFields = z.object({
  category_id: listChoice(),
  subcategory_id: listChoice(),
  subject: requiredText(MESSAGES.ticketSubjectRequired, TICKET_SUBJECT_MAX),
  description: requiredText(MESSAGES.ticketDescriptionRequired, TICKET_TEXT_MAX, { multiline: true }),
});
export type TicketFieldsInput = z.input<typeof TicketFields>;
export type TicketFields = z.output<typeof TicketFields>;

/** POST /api/ticket (multipart): the fields and attachments[] (images or PDFs). */
export const CreateTicketRequest = TicketFields;
/** POST /api/ticket and /api/ticket/visitor → 201 */
export const TicketCreatedResponse = z.object({ message: z.string(), ticket: z.object({ id: z.number().int() }) });
export type TicketCreatedResponse = z.infer<typeof TicketCreatedResponse>;

/** A row of the customer's list (GET /api/tickets). `answered`: the last message is the support team's. */
export const TicketListItem = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  category: TicketCategoryRef,
  subcategory: TicketCategoryRef,
  answered: z.boolean(),
  created_at: isoDateTime(),
  updated_at: isoDateTime(),
});
export type TicketListItem = z.infer<typeof TicketListItem>;
export const TicketsQuery = z.object({ page: pageParam() });
/** GET /api/tickets?page → tickets { data, total, per_page } */
export const TicketsResponse = z.object({ tickets: pageOf(TicketListItem) });
export type TicketsResponse = z.infer<typeof TicketsResponse>;

export const TicketInteraction = z.object({
  id: z.number().int(),
  message: z.string(),
  /** the customer's name (or a visitor's e-mail), or 'Atendimento Prata' for the support team */
  user: z.object({ name: z.string() }),
  from_staff: z.boolean(),
  created_at: isoDateTime(),
});
export type TicketInteraction = z.infer<typeof TicketInteraction>;

export const TicketAttachment = z.object({
  id: z.number().int(),
  original_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  /** sent by the support team: the customer cannot delete it */
  from_staff: z.boolean(),
  created_at: isoDateTime(),
});
export type TicketAttachment = z.infer<typeof TicketAttachment>;

export const TicketRating = z.object({
  stars: z.number().int(),
  description: z.string().nullable(),
  created_at: isoDateTime(),
});
export type TicketRating = z.infer<typeof TicketRating>;

/** GET /api/ticket/{id}: the ticket with its category, subcategory, author, messages, attachments and rating. */
export const Ticket = z.object({
  id: z.number().int(),
  subject: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  created_at: isoDateTime(),
  closed_at: isoDateTime().nullable(),
  category: TicketCategoryRef,
  subcategory: TicketCategoryRef,
  user: z.object({ name: z.string() }),
  interactions: z.array(TicketInteraction),
  attachments: z.array(TicketAttachment),
  rating: TicketRating.nullable(),
});
export type Ticket = z.infer<typeof Ticket>;
export const TicketResponse = z.object({ ticket: Ticket });
export type TicketResponse = z.infer<typeof TicketResponse>;

/** POST /api/ticket/{id}/attachment, DELETE /api/ticket/attachment/{id} */
export const TicketAttachmentResponse = z.object({ attachment: TicketAttachment, message: z.string() });
export type TicketAttachmentResponse = z.infer<typeof TicketAttachmentResponse>;

/** POST /api/ticket/{id}/interaction (the new message; the button is disabled while it is empty) */
export const TicketInteractionRequest = z.object({
  message: requiredText(MESSAGES.ticketDescriptionRequired, TICKET_TEXT_MAX, { multiline: true }),
});
export type TicketInteractionRequest = z.infer<typeof TicketInteractionRequest>;
export const TicketInteractionResponse = z.object({ interaction: TicketInteraction, message: z.string() });
export type TicketInteractionResponse = z.infer<typeof TicketInteractionResponse>;

/** POST /api/ticket/{id}/rating (once, on a closed ticket; submit is disabled without stars) */
export const TicketRatingRequest = z.object({
  stars: integerField(MESSAGES.ticketStarsRequired, 1, 5),
  description: optionalText(TICKET_RATING_TEXT_MAX, { multiline: true }),
});
export type TicketRatingRequest = z.input<typeof TicketRatingRequest>;
export const TicketRatingResponse = z.object({ rating: TicketRating, message: z.string() });
export type TicketRatingResponse = z.infer<typeof TicketRatingResponse>;

// ------------------------------------------------------------------ a visitor's ticket

/** POST /api/ticket/send-verification-code (also the resend) */
export const TicketCodeRequest = z.object({ email: emailField() });
export type TicketCodeRequest = z.infer<typeof TicketCodeRequest>;
export const TicketCodeResponse = CodeSentResponse;
export type TicketCodeResponse = z.infer<typeof TicketCodeResponse>;

/** POST /api/ticket/verify-code */
export const TicketVerifyCodeRequest = z.object({ email: emailField(), code: codeField });
export type TicketVerifyCodeRequest = z.infer<typeof TicketVerifyCodeRequest>;
/**
 * The proof that the e-mail was verified: POST /api/ticket/visitor carries it back (one ticket per proof, for
 * VISITOR_PROOF_MINUTES). Whoever only knows the e-mail cannot open tickets in its name.
 */
export const TicketVerifyCodeResponse = z.object({ message: z.string(), verification_token: z.string() });
export type TicketVerifyCodeResponse = z.infer<typeof TicketVerifyCodeResponse>;
export const VISITOR_PROOF_MINUTES = 30;

/** POST /api/ticket/visitor (multipart): the e-mail, its proof, the ticket's fields and attachments[]. */
export const VisitorTicketRequest = TicketFields.extend({
  email: emailField(),
  verification_token: boundedString({ max: 128, required: MESSAGES.ticketEmailNotVerified }).min(
    1,
    MESSAGES.ticketEmailNotVerified,
  ),
});
export type VisitorTicketRequest = z.infer<typeof VisitorTicketRequest>;

// ------------------------------------------------------------------ back office (support role)

export const AdminTicketsQuery = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  category_id: idParam().optional(),
  page: pageParam(),
});
export type AdminTicketsQuery = z.input<typeof AdminTicketsQuery>;

const TicketCustomer = z.object({
  /** null: a visitor without an account (yet) */
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  email: z.string(),
});

export const AdminTicketListItem = TicketListItem.extend({ customer: TicketCustomer, visitor: z.boolean() });
export type AdminTicketListItem = z.infer<typeof AdminTicketListItem>;
/** GET /api/admin/tickets?status&category_id&page: pending oldest first (the queue), closed newest first */
export const AdminTicketsResponse = pageOf(AdminTicketListItem);
export type AdminTicketsResponse = z.infer<typeof AdminTicketsResponse>;

export const AdminTicket = Ticket.extend({ customer: TicketCustomer, visitor: z.boolean() });
export type AdminTicket = z.infer<typeof AdminTicket>;
export const AdminTicketResponse = z.object({ ticket: AdminTicket });
export type AdminTicketResponse = z.infer<typeof AdminTicketResponse>;

/** POST /api/admin/tickets/{id}/interaction: the answer (the customer is e-mailed) */
export const AdminTicketAnswerRequest = TicketInteractionRequest;
/** POST /api/admin/tickets/{id}/close: an optional last message, sent with the closing e-mail */
export const AdminTicketCloseRequest = z.object({ message: optionalText(TICKET_TEXT_MAX, { multiline: true }) });
export type AdminTicketCloseRequest = z.input<typeof AdminTicketCloseRequest>;
export const AdminTicketMoveResponse = z.object({ ticket: AdminTicket, message: z.string() });
export type AdminTicketMoveResponse = z.infer<typeof AdminTicketMoveResponse>;

export const AdminFaq = Faq.extend({
  position: z.number().int(),
  active: z.boolean(),
  updated_at: isoDateTime(),
});
export type AdminFaq = z.infer<typeof AdminFaq>;
export const AdminFaqsResponse = z.object({ faqs: z.array(AdminFaq) });
export type AdminFaqsResponse = z.infer<typeof AdminFaqsResponse>;
/** POST /api/admin/faqs, PUT /api/admin/faqs/{id}: the answer is HTML, sanitized when saved */
export const FaqRequest = z.object({
  question: requiredText(MESSAGES.faqQuestionRequired, FAQ_QUESTION_MAX),
  answer: requiredText(MESSAGES.faqAnswerRequired, FAQ_ANSWER_MAX, { multiline: true }),
  position: numberOrText().pipe(z.coerce.number<string | number>().int().min(0).max(10_000)).default(0),
  active: z.boolean().default(true),
});
export type FaqRequest = z.input<typeof FaqRequest>;
export const AdminFaqResponse = z.object({ faq: AdminFaq, message: z.string() });
export type AdminFaqResponse = z.infer<typeof AdminFaqResponse>;

/** PUT /api/admin/contact-information: every key's value ('' clears it); links must be https */
export const ContactInformationRequest = z.object({
  info: z
    .array(
      z.object({
        key: z.enum(CONTACT_INFO_KEYS),
        value: boundedString({ max: CONTACT_VALUE_MAX, multiline: true }),
      }),
    )
    .max(CONTACT_INFO_KEYS.length * 2)
    .superRefine((entries, ctx) => {
      entries.forEach((entry, i) => {
        if (CONTACT_URL_KEYS.includes(entry.key) && entry.value !== '' && !isHttpsUrl(entry.value))
          ctx.addIssue({ code: 'custom', path: [i, 'value'], message: MESSAGES.contactUrlInvalid });
      });
    }),
});
export type ContactInformationRequest = z.input<typeof ContactInformationRequest>;
export const AdminContactInformationResponse = z.object({ info: z.array(ContactInfoEntry), message: z.string() });

export const AdminTicketSubcategory = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
export const AdminTicketCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  subcategories: z.array(AdminTicketSubcategory),
});
export type AdminTicketCategory = z.infer<typeof AdminTicketCategory>;
export const AdminTicketCategoriesResponse = z.object({ categories: z.array(AdminTicketCategory) });
export type AdminTicketCategoriesResponse = z.infer<typeof AdminTicketCategoriesResponse>;
/** POST /api/admin/ticket-categories, PUT …/{id}, POST …/{id}/subcategories, PUT /api/admin/ticket-subcategories/{id} */
export const TicketCategoryRequest = z.object({
  name: requiredText(MESSAGES.categoryNameRequired, CATEGORY_NAME_MAX),
  active: z.boolean().default(true),
});
export type TicketCategoryRequest = z.input<typeof TicketCategoryRequest>;
export const AdminTicketCategoryResponse = z.object({ categories: z.array(AdminTicketCategory), message: z.string() });
export type AdminTicketCategoryResponse = z.infer<typeof AdminTicketCategoryResponse>;
