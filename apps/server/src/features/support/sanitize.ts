import sanitizeHtml from 'sanitize-html';

/**
 * The HTML an FAQ answer may hold: paragraphs, emphasis, lists, simple tables and links (https, http, mailto, opened
 * in a new tab without the opener). Scripts, handlers, styles, images and frames never survive. Applied when an
 * operator saves an answer, and again when answers are read (a row written some other way is not trusted either).
 */
export function sanitizeAnswer(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
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
      'h3',
      'h4',
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
  }).trim();
}
