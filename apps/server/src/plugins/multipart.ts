import multipart from '@fastify/multipart';
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@prata/domain';
import { AppError } from '@/lib/errors';
import { MAX_UPLOAD_BYTES, type UploadedFile } from '@/lib/uploads';

export type FormLimits = {
  /** files in one request (0: text fields only) */
  files: number;
  /** bytes of one file */
  fileSize: number;
  /** text fields in one request */
  fields: number;
  /** bytes of one text field (UTF-8: up to 4 bytes a character) */
  fieldSize: number;
  /** the answer when the declared size is over the whole form's limit */
  tooLarge: string;
};

/** A form of text fields only (registration): every field of the spec's forms fits in 4 KB of UTF-8. */
export const TEXT_FORM: FormLimits = {
  files: 0,
  fileSize: 0,
  fields: 12,
  fieldSize: 4 * 1024,
  tooLarge: MESSAGES.requestTooLarge,
};

/** A form with up to `files` documents of 5 MB and its text fields (the longest is 2000 characters). */
export const uploadForm = (files: number): FormLimits => ({
  files,
  fileSize: MAX_UPLOAD_BYTES,
  fields: 20,
  fieldSize: 16 * 1024,
  tooLarge: MESSAGES.fileTooLarge,
});

/** A form of one short field or two (POST /api/deposit/pix: amount, as the spec's "form data: amount"). */
export const SHORT_FORM: FormLimits = {
  files: 0,
  fileSize: 0,
  fields: 2,
  fieldSize: 64,
  tooLarge: MESSAGES.requestTooLarge,
};

/** Room for the boundary and the headers of each part. */
const PART_OVERHEAD_BYTES = 1024;

/** The most a well-formed request within `limits` can weigh. */
const maxFormBytes = (limits: FormLimits) =>
  limits.files * limits.fileSize +
  limits.fields * limits.fieldSize +
  (limits.files + limits.fields + 1) * PART_OVERHEAD_BYTES;

/**
 * Lets the routes registered on `scope` take multipart/form-data, and no others: elsewhere a multipart body is a 415
 * before a byte of it is read. The body is read in preValidation, so a route's onRequest hooks (authentication) run
 * before it; it is streamed under `limits`, and its fields and files land in `request.body` as `{ name: value }`
 * (files as UploadedFile, a repeated name as an array) for the route's zod schema. A malformed, truncated or
 * oversized form is a 400 or 413 with a message in Portuguese, never a 500.
 */
export async function acceptForms(scope: FastifyInstance, limits: FormLimits) {
  await scope.register(multipart, {
    limits: {
      files: limits.files,
      fileSize: limits.fileSize,
      fields: limits.fields,
      fieldSize: limits.fieldSize,
      parts: limits.files + limits.fields,
      fieldNameSize: 100,
      headerPairs: 20,
    },
    throwFileSizeLimit: true,
  });
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    request.body = await readForm(request, limits);
  });
}

/**
 * Lets the routes registered on `scope` take application/x-www-form-urlencoded too (what a plain HTML form sends),
 * under the same limits as their multipart forms: at most `fields` fields of `fieldSize` bytes, the whole body
 * bounded before it is read. Parsed after the onRequest hooks (authentication), like multipart; fields land in
 * `request.body` as `{ name: value }` (a repeated name as an array, which a one-value schema refuses).
 */
export function acceptUrlencoded(scope: FastifyInstance, limits: FormLimits) {
  const bodyLimit = limits.fields * (limits.fieldSize + PART_OVERHEAD_BYTES);
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit },
    (_request, raw, done) => {
      const bytes = raw as Buffer;
      if (!isUtf8(bytes)) return done(new AppError('BAD_REQUEST', MESSAGES.encodingInvalid));
      const pairs = [...new URLSearchParams(bytes.toString('utf8'))];
      if (pairs.some(([name, value]) => decodedFromBadBytes(name) || decodedFromBadBytes(value)))
        return done(new AppError('BAD_REQUEST', MESSAGES.encodingInvalid));
      if (pairs.length > limits.fields) return done(new AppError('BAD_REQUEST', MESSAGES.formTooManyParts));
      const body = new Map<string, unknown>();
      for (const [name, value] of pairs) {
        if (Buffer.byteLength(value) > limits.fieldSize)
          return done(new AppError('PAYLOAD_TOO_LARGE', limits.tooLarge));
        const previous = body.get(name);
        body.set(
          name,
          previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value],
        );
      }
      // an own property even for '__proto__': no prototype is ever touched
      done(null, Object.fromEntries(body));
    },
  );
}

async function readForm(request: FastifyRequest, limits: FormLimits): Promise<Record<string, unknown>> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxFormBytes(limits))
    throw new AppError(
      limits.tooLarge === MESSAGES.fileTooLarge ? 'FILE_TOO_LARGE' : 'PAYLOAD_TOO_LARGE',
      limits.tooLarge,
    );
  const body: Record<string, unknown> = {};
  const add = (name: string, value: unknown) => {
    const previous = body[name];
    body[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file: UploadedFile = { filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() };
        add(part.fieldname, file);
      } else {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.requestTooLarge);
        if (decodedFromBadBytes(part.fieldname) || decodedFromBadBytes(part.value))
          throw new AppError('BAD_REQUEST', MESSAGES.encodingInvalid);
        add(part.fieldname, part.value);
      }
    }
  } catch (err) {
    throw formError(err);
  }
  return body;
}

/**
 * A form's text as busboy or URLSearchParams decoded it: bytes that are not UTF-8 (raw, or percent-encoded) come out
 * as U+FFFD, which no keyboard types; refused rather than stored in place of what was meant.
 */
const decodedFromBadBytes = (value: unknown) => typeof value === 'string' && value.includes('\uFFFD');

/** The multipart plugin's and busboy's errors, as the answers people read. */
function formError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('FILE_TOO_LARGE', MESSAGES.fileTooLarge);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('BAD_REQUEST', MESSAGES.formTooManyParts);
  }
  // truncated body, missing or wrong boundary, malformed part headers, a JSON part that is not JSON, __proto__
  return new AppError('BAD_REQUEST', MESSAGES.formInvalid);
}
