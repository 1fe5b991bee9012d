import { sanitizeRichText } from '@/lib/rich-text';

/**
 * An FAQ answer's HTML (lib/rich-text: h3 and h4 headings). Applied when an operator saves an answer, and again when
 * answers are read (a row written some other way is not trusted either).
 */
export function sanitizeAnswer(html: string): string {
  return sanitizeRichText(html).trim();
}
