import sanitizeHtml from 'sanitize-html';

const BODY_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote'];
const TABLE_TAGS = ['table', 'thead', 'tbody', 'tr', 'th', 'td'];

/**
 * The HTML that operators' texts (the terms, FAQ answers) may hold: paragraphs, emphasis, lists, simple tables, the
 * given headings and links (https, http, mailto, opened in a new tab without the opener). Scripts, handlers, styles,
 * images and frames never survive.
 */
export function sanitizeRichText(html: string, headings: readonly string[] = ['h3', 'h4']): string {
  return sanitizeHtml(html, {
    allowedTags: [...headings, ...BODY_TAGS, ...TABLE_TAGS],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['https', 'http', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}
