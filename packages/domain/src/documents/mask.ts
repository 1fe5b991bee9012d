/**
 * Fills a pattern such as `###.###.###-##` with as many characters as there are, stopping at the first
 * placeholder that has no character left: partial input formats what it can, as a mask does while typing.
 */
export function applyPattern(chars: string, pattern: string): string {
  let out = '';
  let next = 0;
  for (const slot of pattern) {
    if (next >= chars.length) break;
    if (slot === '#') {
      out += chars[next];
      next += 1;
    } else {
      out += slot;
    }
  }
  return out;
}
