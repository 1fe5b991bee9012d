import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { logFailure } from '@/lib/log-failure';
import { guardedLookup, OutboundRefused, outboundTarget } from './targets';

export { OutboundRefused } from './targets';

/**
 * THE way out to the internet for every URL a customer or partner can influence (push endpoints today; webhooks and
 * images tomorrow). docs/security.md "Requests the server makes". Every connection is checked after DNS resolution
 * by request-filtering-agent: loopback, private, link-local, CGNAT, multicast, unspecified, reserved and IPv4-mapped
 * IPv6 addresses are refused, and so are the clouds' metadata services and names that lead inside (targets.ts). No
 * redirect is followed (a 3xx is the answer), the whole exchange has a short deadline and the answer's body is read
 * up to a bound. A refusal is logged here and thrown as OutboundRefused; the caller decides what it means.
 */

/** The whole exchange, from the lookup to the answer's last byte. */
const OUTBOUND_TIMEOUT_MS = 5_000;
/** An answer's body beyond this is not read: the request fails. */
const OUTBOUND_ANSWER_MAX_BYTES = 64 * 1024;

type OutboundRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** shorter than OUTBOUND_TIMEOUT_MS when the caller wants */
  timeoutMs?: number;
};
type OutboundAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request that got no answer: no answer in time, or one longer than the bound. */
export class OutboundFailed extends Error {
  constructor(
    readonly reason: 'timeout' | 'too_large',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundFailed';
  }
}

export interface OutboundClient {
  /** Sends one request; rejects with OutboundRefused, OutboundFailed or the network's error. */
  send(url: string, request: OutboundRequest): Promise<OutboundAnswer>;
}

export type OutboundOptions = {
  /**
   * Addresses or CIDRs reachable although private: development and tests only (PRATA_OUTBOUND_ALLOW, refused in
   * production), e.g. a local push service on 127.0.0.1. Never the metadata services.
   */
  allowAddresses?: readonly string[];
  /** the resolver; tests give one that answers inside addresses */
  lookup?: LookupFunction;
  timeoutMs?: number;
  maxAnswerBytes?: number;
  /** where a refusal is written down (default: a warning line in the server's log) */
  onRefused?: (err: OutboundRefused) => void;
};

/** request-filtering-agent's refusals are plain errors; their text is the only mark (pinned by outbound.test.ts). */
const AGENT_REFUSAL = /^DNS lookup .* is not allowed/;

function asRefusal(err: unknown): OutboundRefused | null {
  if (err instanceof OutboundRefused) return err;
  if (err instanceof Error && AGENT_REFUSAL.test(err.message)) return new OutboundRefused(err.message, { cause: err });
  return null;
}

export function outboundClient(opts: OutboundOptions = {}): OutboundClient {
  const filter = {
    allowPrivateIPAddress: false,
    allowMetaIPAddress: false,
    allowIPAddressList: [...(opts.allowAddresses ?? [])],
  };
  // no keep-alive: every request opens its own connection, so every request is checked
  const agents = {
    'http:': new RequestFilteringHttpAgent({ keepAlive: false, ...filter }),
    'https:': new RequestFilteringHttpsAgent({ keepAlive: false, ...filter }),
  };
  const lookup = guardedLookup(opts.lookup);
  const maxBytes = opts.maxAnswerBytes ?? OUTBOUND_ANSWER_MAX_BYTES;
  const onRefused = opts.onRefused ?? ((err) => logFailure('outbound: refused', err, 'warn'));

  const exchange = (url: URL, r: OutboundRequest): Promise<OutboundAnswer> =>
    new Promise((resolve, reject) => {
      const timeoutMs = Math.min(r.timeoutMs ?? Number.POSITIVE_INFINITY, opts.timeoutMs ?? OUTBOUND_TIMEOUT_MS);
      const module = url.protocol === 'https:' ? https : http;
      const agent = agents[url.protocol as 'http:' | 'https:'];
      let req: http.ClientRequest | undefined;
      let failure: Error | null = null;
      const timer = setTimeout(() => fail(new OutboundFailed('timeout', `no answer in ${timeoutMs} ms`)), timeoutMs);
      function fail(err: Error) {
        failure ??= err;
        clearTimeout(timer);
        req?.destroy();
        reject(failure);
      }
      req = module.request(url, { method: r.method, headers: r.headers, agent, lookup });
      req.on('error', fail);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) return fail(new OutboundFailed('too_large', `answer longer than ${maxBytes} bytes`));
          chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () => {
          clearTimeout(timer);
          if (failure) return;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        });
      });
      req.end(r.body);
    });

  return {
    async send(raw, r) {
      try {
        return await exchange(outboundTarget(raw), r);
      } catch (err) {
        const refused = asRefusal(err);
        if (!refused) throw err;
        onRefused(refused);
        throw refused;
      }
    },
  };
}
