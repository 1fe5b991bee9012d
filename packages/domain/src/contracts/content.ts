import { z } from 'zod';

/** GET /api/termos: the terms of use as HTML, sanitized by the server (text formatting and links only). */
export const TermsResponse = z.object({ termos: z.string() });
export type TermsResponse = z.infer<typeof TermsResponse>;
