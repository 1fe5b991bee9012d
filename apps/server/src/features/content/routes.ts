import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sanitizeRichText } from '@/lib/rich-text';
import { SiteResponse, TermsResponse } from '@prata/domain';
import { acceptedEncoding } from '@/plugins/web-files';
import { TERMS_HTML } from '@/seed/terms';
import { siteContentHtml } from './repository';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Server HTML is sanitized on the way out: only text formatting and links survive. */
function sanitize(html: string): string {
  return sanitizeRichText(html, ['h1', 'h2', 'h3', 'h4']);
}

/**
 * How long an instance answers the terms from memory before reading them again: an operator's change shows on every
 * instance within this time, and the public page costs no query nor sanitizing per visit.
 */
export const CONTENT_TTL_MS = 5_000;

type Answer = { json: Buffer; br: Buffer; gzip: Buffer; at: number };

export async function contentRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;
  let cached: Answer | undefined;
  let reading: Promise<Answer> | undefined;
  const read = async (): Promise<Answer> => {
    const html = await siteContentHtml(db, 'termos');
    const json = Buffer.from(JSON.stringify({ termos: sanitize(html ?? TERMS_HTML) }));
    // Compressed once per read, not per visit: the terms are a few kilobytes of text.
    const [br, gzip] = await Promise.all([brotli(json), gz(json)]);
    cached = { json, br, gzip, at: Date.now() };
    return cached;
  };
  // The answer is TermsResponse, serialized and compressed once per read: Fastify sends the bytes as they are.
  app.get('/termos', { schema: { response: { 200: TermsResponse } } }, async (request, reply) => {
    let answer = cached && Date.now() - cached.at < CONTENT_TTL_MS ? cached : undefined;
    if (!answer) {
      // One read at a time, whatever the number of visitors waiting for it.
      reading ??= read().finally(() => {
        reading = undefined;
      });
      answer = await reading;
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding'], { br: true, gzip: true });
    reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? answer.br : encoding === 'gzip' ? answer.gzip : answer.json);
  });

  // The links out of the app are settings (docs/configuration.md): null when unset, and the screens hide them.
  app.get('/site', { schema: { response: { 200: SiteResponse } } }, async () => ({ links: app.deps.config.siteLinks }));
}
