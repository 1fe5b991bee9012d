import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * What the outbound client refuses before and beside request-filtering-agent (which refuses every address that is
 * not plain unicast: loopback, private, link-local, CGNAT, multicast, unspecified, reserved, IPv4-mapped IPv6...):
 * the cloud metadata services even where development allows private addresses, and names that only ever lead
 * inside.
 */

/** Why the outbound client refused a URL; it is a refusal, not a network failure. */
export class OutboundRefused extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'OutboundRefused';
  }
}

/**
 * The metadata services of the clouds, refused always (an allowance for private addresses never opens them):
 * 169.254.0.0/16 holds AWS's, GCP's, Azure's, OpenStack's and ECS's (169.254.170.2); Alibaba answers at
 * 100.100.100.200, AWS over IPv6 at fd00:ec2::254. BlockList also matches their IPv4-mapped IPv6 forms.
 */
const METADATA = new BlockList();
METADATA.addSubnet('169.254.0.0', 16, 'ipv4');
METADATA.addAddress('100.100.100.200', 'ipv4');
METADATA.addAddress('fd00:ec2::254', 'ipv6');

function isMetadataAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return METADATA.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Names that lead inside whatever they resolve to: localhost and its subdomains, the `.internal` names (GCP's
 * metadata.google.internal, AWS's ec2.internal; the TLD is reserved for private use), GCP's metadata.goog, and
 * single-label names ("redis", "metadata"), which the resolver's search domains complete into internal hosts.
 */
function deniedName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (!name.includes('.')) return true;
  return /(^|\.)localhost$/.test(name) || /\.internal$/.test(name) || /(^|\.)metadata\.goog$/.test(name);
}

/** The URL the client may try, or OutboundRefused: http(s) only, no credentials in it, no name leading inside. */
export function outboundTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (err) {
    throw new OutboundRefused('not a URL', { cause: err });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundRefused(`scheme ${url.protocol}`);
  if (url.username || url.password) throw new OutboundRefused('credentials in the URL');
  // the WHATWG parser already wrote 2130706433, 127.1 and 0x7f.1 as 127.0.0.1; IPv6 stands between brackets
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    if (isMetadataAddress(host)) throw new OutboundRefused(`metadata address ${host}`);
  } else if (deniedName(host)) {
    throw new OutboundRefused(`host ${host} leads inside`);
  }
  return url;
}

/**
 * The resolver of every connection, refusing metadata addresses in its answer (request-filtering-agent then checks
 * the same answer for private ones). Called for each connection, so a name that answers a public address first and
 * an inside one later (DNS rebinding) is refused the second time.
 */
export function guardedLookup(resolve: LookupFunction = dnsLookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family);
      const answers: LookupAddress[] = Array.isArray(address) ? address : [{ address, family: family ?? 0 }];
      const metadata = answers.find((a) => isMetadataAddress(a.address));
      if (metadata) {
        return callback(new OutboundRefused(`${hostname} resolved to metadata address ${metadata.address}`), '', 0);
      }
      callback(null, address, family);
    });
  };
}
