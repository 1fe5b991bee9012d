import { formatPercentBps } from '@prata/domain';

export { decimalText } from '@prata/domain';
import { toMinorUnits } from '@/lib/format';

export { brl, grams } from '../labels';
export const percent = (value: number) => formatPercentBps(toMinorUnits(value));

/** Units, singular or plural: '1 unidade', '12 unidades'. */
export const units = (n: number) => `${n.toLocaleString('pt-BR')} ${Math.abs(n) === 1 ? 'unidade' : 'unidades'}`;

/** Brasília time, which has had no daylight saving since 2019: a coupon's validity is typed in it. */
const BRASILIA_OFFSET = '-03:00';
const BRASILIA_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a datetime-local field's value in Brasília time: '2026-03-01T09:00'; '' for null. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p: Record<string, string> = {};
  for (const part of BRASILIA_PARTS.formatToParts(date)) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** A datetime-local field's value (Brasília time) as the API's ISO instant with its offset; null when empty. */
export function localInputToIso(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00${BRASILIA_OFFSET}` : null;
}
