import { z } from 'zod';

/** GET /api/termos: the terms of use as HTML, sanitized by the server (text formatting and links only). */
export const TermsResponse = z.object({ termos: z.string() });
export type TermsResponse = z.infer<typeof TermsResponse>;

/**
 * GET /api/site: the addresses outside the app that the header and footer link to (settings; docs/configuration.md).
 * An address that is not set is null, and its link is not shown.
 */
const externalUrl = z.url({ protocol: /^https$/ }).nullable();
export const SiteLinks = z.object({
  jewelry: externalUrl,
  refining: externalUrl,
  app_store: externalUrl,
  google_play: externalUrl,
});
export type SiteLinks = z.infer<typeof SiteLinks>;
export const SiteResponse = z.object({ links: SiteLinks });
export type SiteResponse = z.infer<typeof SiteResponse>;
