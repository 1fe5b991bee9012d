import type { PayoutDestination } from './port';

/** An account number as typed ("12345-6", "123456", "1234-X") split into the number and its check digit. */
export function splitAccountDigit(account: string): { account: string; digit: string } | null {
  const match = /^(\d{1,13})-?([\dXx])$/.exec(account.replace(/[\s.]/g, ''));
  return match ? { account: match[1]!, digit: match[2]!.toUpperCase() } : null;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/**
 * Why a payout cannot go to this destination, in Portuguese, or null when it can. Both providers check this before
 * anything moves: the embedded one fails the payout with the reason, the Asaas client does too without calling
 * Asaas (which would answer 400 for the same mistake).
 */
export function payoutDestinationProblem(destination: PayoutDestination): string | null {
  if (destination.type === 'pix') {
    const key = destination.key.trim();
    if (key === '') return 'Chave Pix vazia';
    if (destination.keyType === 'CPF' && !/^\d{11}$/.test(key)) return 'Chave Pix CPF deve ter 11 dígitos';
    if (destination.keyType === 'CNPJ' && !/^\d{14}$/.test(key)) return 'Chave Pix CNPJ deve ter 14 dígitos';
    if (destination.keyType === 'EMAIL' && (key.length > 77 || !EMAIL.test(key))) return 'Chave Pix e-mail inválida';
    return null;
  }
  if (!/^\d{3}$/.test(destination.bankCode)) return 'Código do banco deve ter 3 dígitos';
  if (!/^\d{1,5}$/.test(destination.branch.replace(/-\d$/, ''))) return 'Agência inválida';
  if (!splitAccountDigit(destination.account)) return 'Conta inválida (número e dígito)';
  if (destination.ownerName.trim() === '') return 'Nome do titular vazio';
  if (!/^(\d{11}|\d{14})$/.test(destination.cpfCnpj)) return 'CPF ou CNPJ do titular inválido';
  return null;
}
