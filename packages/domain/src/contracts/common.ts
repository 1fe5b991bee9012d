import { z } from 'zod';
import { isValidCelular, isValidCnpj, normalizeCnpj } from '../documents/index';
import { isAcceptedIsoDate } from '../dates';
import { onlyDigits } from '../text';
import { ERROR_CODES } from '../errors';
import { MESSAGES } from '../messages';
import { EMAIL_MAX, EMAIL_SHAPE, hasControlChars } from './limits';

export { EMAIL_MAX, EMAIL_SHAPE, hasControlChars };

export type StringRules = {
  max: number;
  /** when the value is missing or not a string */
  required?: string;
  /** when it is longer than `max` (default: "Use no máximo N caracteres") */
  tooLong?: string;
  /** when it holds a control character (default: MESSAGES.invalidCharacters) */
  invalid?: string;
  /** free text from a text area: tab, line feed and carriage return are allowed */
  multiline?: boolean;
  /** trimmed unless false (passwords are taken as typed) */
  trim?: boolean;
};

/** An object type with the keys of `M` renamed as `M` says (optional and readonly kept). */
export type WithUnits<T, M extends Record<string, string>> = {
  [K in keyof T as K extends keyof M ? M[K] : K]: T[K];
};

/**
 * A request whose wire names are the spec's (`quantity_grams`, `amount`) while its parsed values are minor units: the
 * parsed object renames those fields to say what they hold (`quantity_cg`, `amount_cents`). The wire, the error
 * messages and their paths keep the spec's names; `z.input` (what the screens send) is unchanged.
 */
export function withUnits<S extends z.ZodType<Record<string, unknown>>, const M extends Record<string, string>>(
  schema: S,
  names: M,
) {
  return schema.transform(
    (parsed) =>
      Object.fromEntries(
        Object.entries(parsed).map(([key, value]) => [Object.hasOwn(names, key) ? names[key] : key, value]),
      ) as WithUnits<z.output<S>, M>,
  );
}

/**
 * The start of every string field of the contracts. The length is checked first and stops the field when it fails
 * (abort), so no pattern or refinement after it ever runs on an oversized value; a control character stops it too.
 */
export const boundedString = ({
  max,
  required,
  tooLong = MESSAGES.maxLength(max),
  invalid = MESSAGES.invalidCharacters,
  multiline = false,
  trim = true,
}: StringRules) => {
  const base = z.string(required ? { error: required } : undefined);
  return (trim ? base.trim() : base)
    .max(max, { error: tooLong, abort: true })
    .refine((v) => !hasControlChars(v, multiline), { error: invalid, abort: true });
};

export const emailField = (required: string = MESSAGES.emailRequired) =>
  boundedString({ max: EMAIL_MAX, required, tooLong: MESSAGES.emailInvalid, invalid: MESSAGES.emailInvalid })
    .min(1, required)
    .regex(EMAIL_SHAPE, MESSAGES.emailInvalid);

export const requiredText = (message: string, max = 255, opts: { multiline?: boolean } = {}) =>
  boundedString({ max, required: message, multiline: opts.multiline }).min(1, message);

export const optionalText = (max = 255, opts: { multiline?: boolean } = {}) =>
  boundedString({ max, multiline: opts.multiline })
    .nullish()
    .transform((v) => (v ? v : null));

/** Longer than any masked document or phone number with stray spaces; beyond it the value is refused unread. */
const MASKED_MAX = 32;

/** Digits-only mobile with area code (the API receives digits; the mask is the screen's business). */
export const celularField = (required: string, invalid: string = MESSAGES.mobileInvalid) =>
  boundedString({ max: MASKED_MAX, required, tooLong: invalid, invalid })
    .min(1, required)
    .refine((v) => isValidCelular(onlyDigits(v)), invalid);

/** A CNPJ, numeric or alphanumeric, masked or not; answers it without the mask, uppercase. */
export const cnpjField = () =>
  boundedString({
    max: MASKED_MAX,
    required: MESSAGES.cnpjInvalid,
    tooLong: MESSAGES.cnpjInvalid,
    invalid: MESSAGES.cnpjInvalid,
  })
    .refine((v) => isValidCnpj(v), MESSAGES.cnpjInvalid)
    .transform((v) => normalizeCnpj(v));

/** yyyy-mm-dd, a real calendar date from 1900 on (not 2027-02-31, which `Date.parse` rolls into March). */
export const isoDateField = (required: string, invalid: string) =>
  boundedString({ max: 10, required, tooLong: invalid, invalid }).min(1, required).refine(isAcceptedIsoDate, invalid);

/** The same, optional: absent, null or empty is null. */
export const optionalIsoDateField = (invalid: string) =>
  boundedString({ max: 10, tooLong: invalid, invalid })
    .nullish()
    .refine((v) => !v || isAcceptedIsoDate(v), invalid)
    .transform((v) => (v ? v : null));

/**
 * An instant written in ISO 8601 with its offset (`2027-01-31T12:00:00-03:00`), a real one, from the year 1900 to
 * 9999: a column of type timestamptz has no year 0, which `z.iso.datetime()` alone takes. Absent or null is null.
 */
export const optionalInstantField = (invalid: string) =>
  z.iso
    .datetime({ offset: true, error: invalid })
    .nullish()
    .refine((v) => {
      if (!v) return true;
      const year = new Date(v).getUTCFullYear();
      return year >= 1900 && year <= 9999;
    }, invalid)
    .transform((v) => v ?? null);

/** Booleans as JSON booleans, or as the strings a multipart form sends. */
export const boolField = (message: string) =>
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], {
    error: message,
  });

/**
 * What a number field takes before it is coerced: a number, or the text of one (a form's field, a multipart part).
 * `z.coerce.number()` alone reads `true` as 1, `null` and `[]` as 0 and `[7]` as 7, so a JSON `{"stars": true}` would
 * rate a ticket. Put in front of the coercion: `numberOrText(message).pipe(
    z.coerce.number<string | number>(...))`; an empty text is
 * still read as 0, which the field's own rules refuse or take as the form intends.
 */
export const numberOrText = (message?: string) =>
  z.union([z.number(), z.string()], message === undefined ? undefined : { error: message });

/** A whole number from `min` to `max`, sent as a number or typed as text; anything else gets `message`. */
export const integerField = (message: string, min: number, max: number) =>
  numberOrText(message).pipe(
    z.coerce.number<string | number>({ error: message }).int(message).min(min, message).max(max, message),
  );

/** The answer of every failed call: a stable machine code, the Portuguese message, and field messages when any. */
export const ErrorResponse = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .catchall(z.unknown());
export type ErrorResponse = z.infer<typeof ErrorResponse>;
/** `{ message }`: the answer of most writes, in Portuguese. */
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** The two kinds of account (pessoa física, pessoa jurídica). */
export const ACCOUNT_TYPES = ['individual', 'company'] as const;

/**
 * A whole number in a path or a query, in plain decimal digits only: `Number()` would also read '0x4', '4e0', ' 4',
 * '+4' and '4.0' as 4, so one resource would answer at many addresses. A number (a typed caller) passes as it is.
 */
export const decimalParam = (min: number, max: number, message: string = MESSAGES.numberInvalid) =>
  z
    .union([z.number(), z.string().regex(/^(0|[1-9][0-9]{0,15})$/, message)], { error: message })
    .pipe(z.coerce.number<string | number>().int(message).min(min, message).max(max, message));

/** Path parameter `{id}`: a positive integer that fits a JavaScript number exactly, in decimal digits. */
export const idParam = () => decimalParam(1, Number.MAX_SAFE_INTEGER, MESSAGES.idInvalid);
export const IdParams = z.object({ id: idParam() });

/** The highest page number a list accepts: beyond it a page is refused rather than scanned. */
export const PAGE_MAX = 100_000;

/** `?page=N` of a paged list (1-based; 1 when absent). */
export const pageParam = (max: number = PAGE_MAX) => decimalParam(1, max).default(1);

/** `?page=N` of every paged list (1-based; 1 when absent). */
export const PageQuery = z.object({ page: pageParam() });

/**
 * A page of a list as every paged answer has it: the rows, how many there are in all, and the page size. A total that
 * would cost a scan is capped (apps/server/src/lib/paging.ts, TOTAL_CAP): then `total` is the cap and `total_capped`
 * is true, and a pager says "mais de N" instead of showing a last page.
 */
export const pageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({
    data: z.array(row),
    total: z.number().int(),
    per_page: z.number().int(),
    total_capped: z.literal(true).optional(),
  });

/** An instant as the API writes it: ISO 8601 in UTC (`2025-01-31T12:00:00.000Z`). */
export const isoDateTime = () => z.string();

/** A calendar date as the API writes it: `yyyy-mm-dd`. */
export const isoDate = () => z.string();

/**
 * The answer to a code sent (or sent again): its message, the wait before another may be asked (CODE_RESEND_SECONDS)
 * and how long this one confirms (CODE_TTL_SECONDS), so a step restored later knows the code has expired.
 */
export const CodeSentResponse = z.object({
  message: z.string(),
  resendAfterSeconds: z.number().int(),
  validForSeconds: z.number().int(),
});
export type CodeSentResponse = z.infer<typeof CodeSentResponse>;
