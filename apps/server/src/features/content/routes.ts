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

export async function contentRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;
  app.get('/termos', async () => {
    const [row] = await db.select({ html: siteContent.html }).from(siteContent).where(eq(siteContent.key, 'termos'));
    return { termos: sanitize(row?.html ?? TERMS_HTML) };
  });
}
