import { formatCep, formatGrams, SILVER_WITHDRAWAL_STATUS_LABELS, type SilverWithdrawalStatus } from '@prata/domain';
import { toMinorUnits } from '@/lib/format';
import type { AdminSilverWithdrawal } from './api';

export { formatReais as brl } from '@/lib/format';
export const grams = (value: number) => formatGrams(toMinorUnits(value));

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
