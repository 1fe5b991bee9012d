/**
 * Where a browser's push subscription may point: the push services of the browsers, over https on their default
 * port, and nowhere else (docs/price-alerts.md). Checked when a subscription is posted and again before each
 * delivery; the outbound client (adapters/outbound) still checks every connection's address.
 */

/** The push services: FCM (Chrome, Edge on Android, Opera...), Mozilla (Firefox), Apple (Safari), WNS (Edge). */
const PUSH_SERVICE_HOSTS: readonly { host: string; subdomains: boolean }[] = [
  { host: 'fcm.googleapis.com', subdomains: false },
  { host: 'push.services.mozilla.com', subdomains: true },
  { host: 'push.apple.com', subdomains: true },
  { host: 'notify.windows.com', subdomains: true },
];

const onPushService = (hostname: string) =>
  PUSH_SERVICE_HOSTS.some(({ host, subdomains }) => (subdomains ? hostname.endsWith(`.${host}`) : hostname === host));

/**
 * Whether a subscription's endpoint may be kept and sent to. `anyHost` (PRATA_PUSH_ANY_HOST, development only) lets any
 * http(s) URL through, for a local push service.
 */
export function pushEndpointAllowed(endpoint: string, anyHost: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (anyHost) return url.protocol === 'https:' || url.protocol === 'http:';
  return url.protocol === 'https:' && url.port === '' && onPushService(url.hostname);
}
