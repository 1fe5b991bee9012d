/** Keeps only the ASCII digits 0-9: masks, spaces and letters go. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The form used to compare search terms: lowercase, without accents (so "São Paulo" finds "sao paulo"),
 * with runs of whitespace collapsed to one space and the ends trimmed.
 */
export function normalizeSearch(value: string): string {
  return value.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();
}
