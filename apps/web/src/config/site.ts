import type { SiteLinks, SiteResponse } from '@prata/domain';
import { useEffect, useState } from 'react';
import { API_BASE } from '@/lib/api';
import { firstPaintData } from '@/lib/first-paint';

/** Company identity: kept in @prata/domain (packages/domain/src/site.ts), shared with the server; changed there. */
export { COMPANY } from '@prata/domain';

const NO_LINKS: SiteLinks = { jewelry: null, refining: null, app_store: null, google_play: null };

/** The links out of the app once the server answered (one question per page load). */
let known: SiteLinks | undefined;
let asking: Promise<SiteLinks> | undefined;

/**
 * GET /api/site, without the session's token: the links are public, and a call of the header or footer must never
 * be the one that signs an expired session out. A failure shows no link and asks again on the next mount.
 */
function askSiteLinks(): Promise<SiteLinks> {
  asking ??= fetch(`${API_BASE}/site`, { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET /api/site: ${response.status}`);
      known = ((await response.json()) as SiteResponse).links;
      return known;
    })
    .catch(() => {
      asking = undefined;
      return NO_LINKS;
    });
  return asking;
}

/**
 * The addresses outside the app that the header and footer link to (jewelry, refining, the app stores): settings of
 * the server (docs/configuration.md), null when unset, and then the link is not shown. The painted catalogue gives
 * them with its data, so its first render shows the links it painted.
 */
export function useSiteLinks(): SiteLinks {
  const [links, setLinks] = useState<SiteLinks>(() => known ?? firstPaintData<SiteLinks>('siteLinks') ?? NO_LINKS);
  useEffect(() => {
    if (known) return;
    let live = true;
    askSiteLinks().then((answer) => {
      if (live) setLinks(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return links;
}

/** Forgets the answer (tests). */
export function resetSiteLinks(): void {
  known = undefined;
  asking = undefined;
}
