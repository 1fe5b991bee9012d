import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import { siteContent } from '../../db/schema/index';
import { TERMS_HTML } from '../../seed/terms';

/** Server HTML is sanitized on the way out: only text formatting and links survive. */
export function sanitize(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'h1',
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'a',
      'blockquote',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['https', 'http', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}

/**
 * How long an instance answers the terms from memory before reading them again: an operator's change shows on every
 * instance within this time, and the public page costs no query nor sanitizing per visit.
 */
export const CONTENT_TTL_MS = 5_000;

export async function contentRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;
  let cached: { body: string; at: number } | undefined;
  let reading: Promise<string> | undefined;
  const read = async () => {
    const [row] = await db.select({ html: siteContent.html }).from(siteContent).where(eq(siteContent.key, 'termos'));
    const body = JSON.stringify({ termos: sanitize(row?.html ?? TERMS_HTML) });
    cached = { body, at: Date.now() };
    return body;
  };
  app.get('/termos', async (_req, reply) => {
    let body = cached && Date.now() - cached.at < CONTENT_TTL_MS ? cached.body : undefined;
    if (body === undefined) {
      // One read at a time, whatever the number of visitors waiting for it.
      reading ??= read().finally(() => {
        reading = undefined;
      });
      body = await reading;
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
