import { type Deposit, DEPOSIT_STATUS_LABELS, formatDateTimeBR, MESSAGES } from '@prata/domain';

import { formatReais as brl } from '@/lib/format';

export { brl };

export const DEPOSIT_METHOD_LABELS: Record<Deposit['method'], string> = { pix: 'Pix', ted: 'TED' };

/** The spec's texts of this feature that the server does not send (spec 2 §8). */
export const QR_CODE_COPIED = 'Código do QR Code copiado';
export const NO_PENDING_DEPOSITS = 'Nenhum depósito pendente.';
export const TED_OWN_ACCOUNT_ONLY =
  'Só aceitamos transferências feitas de uma conta em seu nome (mesmo CPF ou CNPJ do seu cadastro).';
export const TED_SLOWER_WARNING =
  'Depósitos por TED passam por conferência manual e podem levar até 1 dia útil para entrar no seu saldo. Pelo Pix, o valor entra em instantes, a qualquer hora.';
export const pixReceived = (reais: number) => `Pix de ${brl(reais)} recebido. O valor já está no seu saldo.`;
export const DEPOSIT_NOT_PENDING = 'Este depósito não está mais pendente.';
export const PIX_EXPIRED = MESSAGES.depositExpired;

/** A deposit's status in the customer's words: a pending Pix charge waits for a payment, a pending TED for us. */
export const depositStatusLabels = (deposit: Pick<Deposit, 'method'>): Record<string, string> => ({
  ...DEPOSIT_STATUS_LABELS,
  pending: deposit.method === 'pix' ? DEPOSIT_STATUS_LABELS.pixPending : DEPOSIT_STATUS_LABELS.pending,
});

/** How a deposit reads to a screen reader: 'Depósito por Pix de R$ 50,00, 12/03/2026 14:05'. */
export const depositLabel = (deposit: Deposit) =>
  `Depósito por ${DEPOSIT_METHOD_LABELS[deposit.method]} de ${brl(deposit.amount)}, ${formatDateTimeBR(deposit.created_at)}`;
