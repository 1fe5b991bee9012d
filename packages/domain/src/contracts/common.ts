import { z } from 'zod';
import { isValidCelular } from '../documents/index';
import { onlyDigits } from '../text';
import { MESSAGES } from '../messages';

/** The spec's "simple x@y.z shape". */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = (required: string = MESSAGES.emailRequired) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, MESSAGES.emailInvalid)
    .regex(EMAIL_SHAPE, MESSAGES.emailInvalid);

export const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use no máximo ${max} caracteres`);

export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, `Use no máximo ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Digits-only mobile with area code (the API receives digits; the mask is the screen's business). */
export const celularField = (required: string, invalid: string = MESSAGES.mobileInvalid) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => isValidCelular(onlyDigits(v)), invalid);

/** yyyy-mm-dd, a real calendar date. */
export const isoDateField = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, invalid)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() >= 1900;
    }, invalid);

/** Booleans as JSON booleans, or as the strings a multipart form sends. */
export const boolField = (message: string) =>
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], {
    error: message,
  });

/** The answer of every failed call. */
export const ErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export const MessageResponse = z.object({ message: z.string() });
