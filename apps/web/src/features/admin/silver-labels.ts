import {
  formatCep,
  formatGrams,
  formatPercentBps,
  SILVER_WITHDRAWAL_STATUS_LABELS,
  type SilverWithdrawalStatus,
} from '@prata/domain';
import { toMinorUnits } from '../../lib/format';
import type { AdminSilverWithdrawal } from './api/silver';

/** A silver order's statuses as operators read them (the contract's labels: 'Pago', 'Enviado'...). */
export const SILVER_STATUS_LABELS: Record<string, string> = SILVER_WITHDRAWAL_STATUS_LABELS;

/** The filter of the queue: 'paid' first (what is waiting to be packed), then the rest of the journey. */
export const SHIPMENT_FILTERS: ReadonlyArray<{ value: SilverWithdrawalStatus; label: string }> = [
  { value: 'paid', label: 'A enviar (pagos)' },
  { value: 'sent', label: 'Enviados' },
  { value: 'delivered', label: 'Entregues' },
  { value: 'pending', label: 'Aguardando pagamento' },
  { value: 'rejected', label: 'Recusados' },
  { value: 'cancelled', label: 'Cancelados' },
  { value: 'expired', label: 'Expirados' },
];

export const PAYMENT_METHOD_LABELS: Record<AdminSilverWithdrawal['payment_method'], string> = {
  pix: 'Pix',
  balance: 'Saldo',
};

export const KIND_LABELS: Record<AdminSilverWithdrawal['kind'], string> = {
  purchase: 'Compra',
  custody: 'Retirada da custódia',
};

export { formatReais as brl } from '../../lib/format';
export const grams = (value: number) => formatGrams(toMinorUnits(value));
export const percent = (value: number) => formatPercentBps(toMinorUnits(value));

/** A number of the API as the dot-decimal text a DecimalTextField holds: 0.5 → '0.50'. */
export const decimalText = (value: number) => (Math.round(value * 100) / 100).toFixed(2);

/** Units, singular or plural: '1 unidade', '12 unidades'. */
export const units = (n: number) => `${n.toLocaleString('pt-BR')} ${Math.abs(n) === 1 ? 'unidade' : 'unidades'}`;

/** The delivery address on two lines: street and number (unit), then neighbourhood, city/UF and CEP. */
export function addressLines(address: AdminSilverWithdrawal['address']): [string, string] {
  const street = [`${address.street}, ${address.number}`, address.unit].filter(Boolean).join(' – ');
  return [street, `${address.neighborhood}, ${address.city}/${address.state} · CEP ${formatCep(address.cep)}`];
}

/**
 * What the operator may do with an order in its state (the server's fulfilment rules): a paid order, or a pending
 * withdrawal paid from the balance (its money is already held), is sent or rejected; a pending Pix is only rejected;
 * a sent one is delivered; a rejected one whose refund the provider refused has its refund asked again.
 */
export function allowedMoves(row: Pick<AdminSilverWithdrawal, 'status' | 'payment_method' | 'refund_pending'>) {
  const shippable = row.status === 'paid' || (row.status === 'pending' && row.payment_method === 'balance');
  return {
    send: shippable,
    deliver: row.status === 'sent',
    reject: row.status === 'paid' || row.status === 'pending',
    /** a rejected order's Pix the provider has not refunded yet: ask again (finance) */
    retryRefund: row.refund_pending,
  };
}

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

/** The 27 units of the federation, by their abbreviation. */
export const BRAZIL_STATES = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;
