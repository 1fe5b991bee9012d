import { formatCnpj, minorToDecimal } from '@prata/domain';
import type { DepositRow, WithdrawalDestination, WithdrawalRow } from '@/db/rows';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A pending Pix charge past its expiry: it can no longer be paid, whether or not a sweep marked it yet. */
export const isExpired = (d: DepositRow, now = new Date()) =>
  d.status === 'pending' && d.pixExpiresAt !== null && d.pixExpiresAt <= now;

/** A deposit as the customer reads it (contracts/money.ts Deposit); an expired charge reads 'expired' at once. */
export const presentDeposit = (d: DepositRow, now = new Date()) => ({
  id: d.id,
  amount: minorToDecimal(d.amountCents),
  created_at: d.createdAt.toISOString(),
  status: isExpired(d, now) ? ('expired' as const) : d.status,
  rejection_reason: d.rejectionReason,
  asaas_payment_id: d.asaasPaymentId,
  method: d.method,
  credited_at: iso(d.creditedAt),
  has_receipt: d.receiptStorageKey !== null,
  expires_at: iso(d.pixExpiresAt),
  paid_amount: d.paidCents === null ? null : minorToDecimal(d.paidCents),
  hold_reason: d.holdReason,
});

/** A CPF key shown as 123.***.***-09: enough to recognise it, not enough to copy it from a screenshot. */
const maskCpf = (cpf: string) => `${cpf.slice(0, 3)}.***.***-${cpf.slice(9)}`;

/** Where a withdrawal goes, in words: 'Pix CPF 123.***.***-09', 'Banco 341 · ag. 1234 · c/c 56789-0'. */
export function describeDestination(d: WithdrawalDestination): string {
  if (d.type === 'pix') {
    if (d.key_type === 'cpf') return `Pix CPF ${maskCpf(d.key)}`;
    if (d.key_type === 'cnpj') return `Pix CNPJ ${formatCnpj(d.key)}`;
    return `Pix e-mail ${d.key}`;
  }
  const kind = d.account_type === 'savings' ? 'poupança' : 'c/c';
  return `Banco ${d.bank_number} · ag. ${d.branch_number} · ${kind} ${d.account_number}`;
}

/** A withdrawal as the customer reads it (contracts/money.ts Withdrawal). */
export const presentWithdrawal = (w: WithdrawalRow) => ({
  id: w.id,
  amount: minorToDecimal(w.amountCents),
  fee: minorToDecimal(w.feeCents),
  net_amount: minorToDecimal(w.amountCents - w.feeCents),
  status: w.status,
  rejection_reason: w.rejectionReason,
  created_at: w.createdAt.toISOString(),
  destination: describeDestination(w.destination),
  instant: w.instant,
});

export const presentCustomer = (u: { id: number; name: string; email: string }) => ({
  id: u.id,
  name: u.name,
  email: u.email,
});
