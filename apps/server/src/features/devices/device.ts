import { isIP } from 'node:net';
import Bowser from 'bowser';
import type { SessionDevice } from '@prata/domain';
import { sha256Hex } from '@/lib/crypto';

/**
 * What a user agent says of the device, parsed with bowser (docs/decisions.md: MIT, maintained, a few kB, types
 * included; ua-parser-js 2 is AGPL). Parsed once, at sign-in; the session keeps the result.
 */
export type ParsedDevice = { browser: string | null; os: string | null; device: SessionDevice };

const PLATFORMS: Record<string, SessionDevice> = { desktop: 'desktop', mobile: 'mobile', tablet: 'tablet', tv: 'tv' };

const clean = (text: string | undefined, max = 60) => {
  const t = text?.trim();
  return t ? t.slice(0, max) : null;
};

/** The user agent's browser ("Chrome 131"), system ("Android 14", "Windows 10") and kind of device. */
export function parseUserAgent(userAgent: string | undefined): ParsedDevice & { browserName: string; osName: string } {
  const ua = userAgent?.trim();
  if (!ua) return { browser: null, os: null, device: 'other', browserName: '', osName: '' };
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(ua.slice(0, 300));
  } catch {
    return { browser: null, os: null, device: 'other', browserName: '', osName: '' };
  }
  const browserName = clean(parsed.browser.name) ?? '';
  const major = parsed.browser.version?.split('.')[0];
  const osName = clean(parsed.os.name) ?? '';
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  return {
    browser: browserName ? (major ? `${browserName} ${major}` : browserName) : null,
    os: osName ? clean(osVersion ? `${osName} ${osVersion}` : osName) : null,
    device: PLATFORMS[parsed.platform.type ?? ''] ?? 'other',
    browserName,
    osName,
  };
}

/** The network of an address: IPv4 /24 ("200.150.10"), IPv6 /48 ("2804:14c:1a"); '' when there is none. */
export function networkOf(ip: string | undefined): string {
  if (!ip) return '';
  const v4 = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.split('.').slice(0, 3).join('.');
  if (isIP(ip) !== 6) return '';
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':');
}

/**
 * A device, as far as we tell devices apart: the browser's name (not its version, which updates), the system's name,
 * the kind of device and the address's network (/24 or /48: a home or office connection, not the exact address, which
 * carriers change). A sign-in whose fingerprint none of the user's earlier sessions had is from a new device.
 */
export function deviceFingerprint(parsed: ReturnType<typeof parseUserAgent>, ip: string | undefined): string {
  return sha256Hex(['v1', parsed.browserName, parsed.osName, parsed.device, networkOf(ip)].join('|'));
}
