import { z } from 'zod';
import { MESSAGES } from '../messages';
import { LINK_TOKEN_MAX } from './auth';
import { boundedString, isoDateTime } from './common';

/**
 * Sessions and devices, "Onde estou conectado" (docs/security.md "Sessions and devices"): the signed-in
 * customer's open sessions, each with the device and browser its user agent named, the city when known, and its first
 * and last access; ending one, or every other one; and the link of the new-device e-mail that ends that session.
 */

export const SESSION_DEVICES = ['desktop', 'mobile', 'tablet', 'tv', 'other'] as const;
export type SessionDevice = (typeof SESSION_DEVICES)[number];

/** What each kind of device is called on the screen. */
export const SESSION_DEVICE_LABELS: Record<SessionDevice, string> = {
  desktop: 'Computador',
  mobile: 'Celular',
  tablet: 'Tablet',
  tv: 'TV',
  other: 'Outro aparelho',
};

/** The most sessions one page lists. */
export const SESSIONS_PAGE_SIZE = 50;

/** A page's position: the last session of the previous page (opaque to the client). */
const SESSION_CURSOR = /^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** GET /api/sessions?cursor= */
export const SessionsQuery = z.object({
  cursor: boundedString({ max: 60, invalid: MESSAGES.sessionCursorInvalid, tooLong: MESSAGES.sessionCursorInvalid })
    .regex(SESSION_CURSOR, MESSAGES.sessionCursorInvalid)
    .optional(),
});

export const SessionItem = z.object({
  id: z.string(),
  device: z.enum(SESSION_DEVICES),
  /** "Chrome 131", null when the user agent named none */
  browser: z.string().nullable(),
  /** "Windows 10", "Android 14", null when unknown */
  os: z.string().nullable(),
  /** "São Paulo, SP"; null: unknown ("Local desconhecido") */
  city: z.string().nullable(),
  ip: z.string().nullable(),
  /** when the session began (first access) */
  created_at: isoDateTime(),
  /** the last request seen (written at most every few minutes) */
  last_seen_at: isoDateTime(),
  /** the session making this request ("Este dispositivo") */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof SessionItem>;

/** GET /api/sessions: the open sessions, newest first; next_cursor when there are more. */
export const SessionsResponse = z.object({
  sessions: z.array(SessionItem),
  next_cursor: z.string().nullable(),
});
export type SessionsResponse = z.infer<typeof SessionsResponse>;

/** DELETE /api/sessions/{id} */
export const SessionIdParams = z.object({
  id: z.uuid({ error: MESSAGES.sessionNotFound }),
});

/** DELETE /api/sessions: every session but this one ends. */
export const EndOtherSessionsResponse = z.object({ message: z.string(), ended: z.number().int() });
export type EndOtherSessionsResponse = z.infer<typeof EndOtherSessionsResponse>;

/** POST /api/sessions/end-by-link: the token of the new-device e-mail's link; no sign-in needed. */
export const EndSessionByLinkRequest = z.object({
  token: boundedString({ max: LINK_TOKEN_MAX, required: MESSAGES.sessionLinkInvalid }).min(
    1,
    MESSAGES.sessionLinkInvalid,
  ),
});
export type EndSessionByLinkRequest = z.infer<typeof EndSessionByLinkRequest>;
