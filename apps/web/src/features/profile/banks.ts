import { formatCnpj, formatCpf, type PixKeyType } from '@prata/domain';
import type { BankingInformation } from './api/types';

/**
 * Names of the banks most people use, by COMPE code, to confirm the code typed on the bank-account form. A code
 * that is not here is still accepted (there are hundreds of institutions); it is simply shown without a name.
 */
const BANKS: Record<string, string> = {
  '001': 'Banco do Brasil',
  '033': 'Santander',
  '041': 'Banrisul',
  '070': 'BRB',
  '077': 'Banco Inter',
  '104': 'Caixa Econômica Federal',
  '208': 'BTG Pactual',
  '212': 'Banco Original',
  '237': 'Bradesco',
  '260': 'Nu Pagamentos (Nubank)',
  '290': 'PagBank',
  '323': 'Mercado Pago',
  '336': 'C6 Bank',
  '341': 'Itaú Unibanco',
  '380': 'PicPay',
  '422': 'Banco Safra',
  '461': 'Asaas',
  '655': 'Banco Votorantim',
  '748': 'Sicredi',
  '756': 'Sicoob',
};

/** '341' or '341 ' → 'Itaú Unibanco'; null when unknown or incomplete. */
export function bankName(code: string | null | undefined): string | null {
  const digits = (code ?? '').replace(/\D/g, '');
  if (digits.length === 0) return null;
  return BANKS[digits.padStart(3, '0')] ?? null;
}

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = { cpf: 'CPF', cnpj: 'CNPJ', email: 'E-mail' };
export const BANK_ACCOUNT_TYPE_LABELS = { checking: 'Conta corrente', savings: 'Conta poupança' } as const;

function formatPixKey(keyType: string | null, key: string | null): string {
  if (!key) return '';
  if (keyType === 'cpf') return formatCpf(key);
  if (keyType === 'cnpj') return formatCnpj(key);
  return key;
}

/** How one entry reads in a list: a title and a detail line. */
export function describeBanking(entry: BankingInformation): { title: string; detail: string } {
  if (entry.type === 'pix') {
    const label = entry.key_type ? PIX_KEY_TYPE_LABELS[entry.key_type] : '';
    return { title: `Chave Pix (${label})`, detail: formatPixKey(entry.key_type, entry.key) };
  }
  const kind = entry.account_type ? BANK_ACCOUNT_TYPE_LABELS[entry.account_type] : 'Conta';
  const bank = bankName(entry.bank_number);
  return {
    title: kind,
    detail: `Banco ${entry.bank_number}${bank ? ` (${bank})` : ''} · Agência ${entry.branch_number} · Conta ${entry.account_number}`,
  };
}
