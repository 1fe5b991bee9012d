import { formatBRL, formatGrams } from '@prata/domain';
import type { StatementLine } from './api';
import { toMinorUnits } from '@/lib/format';

/** Deposit statuses as the back office reads them (o depósito: masculine). */
export const DEPOSIT_STATUS_LABELS: Record<string, string> = {
  pending: 'Pendente',
  approved: 'Aprovado',
  rejected: 'Recusado',
  cancelled: 'Cancelado',
  expired: 'Expirado',
  held: 'Retido',
  refunded: 'Devolvido',
};

/** Withdrawal statuses (a retirada: feminine). */
export const WITHDRAWAL_STATUS_LABELS: Record<string, string> = {
  pending: 'Pendente',
  approved: 'Aprovada',
  rejected: 'Recusada',
};

/** Where the provider's transfer of an approved withdrawal stands. */
export const PAYOUT_STATUS_LABELS: Record<string, string> = {
  sending: 'Enviando ao banco',
  pending: 'Aguardando o banco',
  done: 'Pago',
  failed: 'Recusado pelo banco',
};

export const DEPOSIT_METHOD_LABELS: Record<string, string> = { pix: 'Pix', ted: 'TED' };

/** What a ledger transfer is, by its code (spec 2's statement). */
const CODE_LABELS: Record<string, string> = {
  'deposit.pix': 'Depósito Pix',
  'deposit.ted': 'Depósito TED',
  'withdrawal.payout': 'Retirada paga',
  'withdrawal.fee': 'Tarifa de retirada',
  'withdrawal.fee-refund': 'Tarifa de retirada devolvida',
  'withdrawal.refund': 'Retirada devolvida',
  'demo.custody': 'Custódia (demonstração)',
  'affiliate.reward': 'Recompensa de afiliado',
  'demo.funding': 'Saldo inicial (demonstração)',
  hold: 'Reserva',
  release: 'Reserva devolvida',
};

/** The other side of a transfer, by its ledger account's code (docs/ledger.md's chart). */
const ACCOUNT_LABELS: Record<string, string> = {
  'pix:clearing': 'Compensação Pix',
  'ted:clearing': 'Compensação TED',
  'payout:clearing': 'Pagamentos aos bancos',
  vault: 'Cofre',
  shipped: 'Prata entregue',
  'revenue:operating-fee': 'Receita de taxa operacional',
  'revenue:withdrawal-fee': 'Receita de tarifas de retirada',
  'revenue:minting': 'Receita de cunhagem',
  'revenue:shipping': 'Receita de frete',
  'revenue:insurance': 'Receita de seguro',
  'tax:iof': 'IOF',
  'tax:icms': 'ICMS',
  'tax:difal': 'DIFAL',
  'tax:pis': 'PIS',
  'tax:cofins': 'COFINS',
  'rewards:BRL': 'Recompensas',
  'rewards:AG': 'Recompensas',
  'transfer:unclaimed': 'Transferências não resgatadas',
};

export const BUCKET_LABELS: Record<StatementLine['bucket'], string> = { available: 'Disponível', held: 'Reservado' };
export const CURRENCY_LABELS: Record<StatementLine['currency'], string> = { BRL: 'Reais', AG: 'Prata' };

/** The title of a statement line: its code in Portuguese; a hold's transfers by their id; an unknown code as is. */
export function statementTitle(line: Pick<StatementLine, 'code' | 'transfer_id'>): string {
  if (line.transfer_id.endsWith('#hold')) return CODE_LABELS.hold!;
  if (line.transfer_id.endsWith('#release')) return CODE_LABELS.release!;
  return CODE_LABELS[line.code] ?? line.code;
}

/** The counterpart in words: 'Compensação Pix', 'Saldo disponível', 'Conta da casa'; an unknown account as is. */
export function counterpartLabel(code: string): string {
  const known = ACCOUNT_LABELS[code];
  if (known) return known;
  const customer = /^customer:\d+:(available|held):(BRL|AG)$/.exec(code);
  if (customer) return customer[1] === 'held' ? 'Saldo reservado' : 'Saldo disponível';
  if (/^house:(available|held):(BRL|AG)$/.test(code)) return 'Conta da casa';
  return code;
}

/** A statement amount with its unit and sign: '+R$ 100,00', '−12,50 g'. */
export function formatSignedAmount(line: Pick<StatementLine, 'amount' | 'currency'>): string {
  const minor = Math.abs(toMinorUnits(line.amount));
  const text = line.currency === 'AG' ? formatGrams(minor) : formatBRL(minor);
  if (line.amount > 0) return `+${text}`;
  if (line.amount < 0) return `−${text}`;
  return text;
}
