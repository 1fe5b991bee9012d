/**
 * What a statement line says, in Portuguese, from the ledger transfer's code and its direction for the customer
 * (`in`: credited to them, `out`: debited). The codes are those the features post (docs/ledger.md); a code not listed
 * here still appears, as "Movimentação", so the totals never depend on this table.
 */
const BY_CODE: Record<string, string | { in: string; out: string }> = {
  'deposit.pix': 'Depósito por Pix',
  'deposit.ted': 'Depósito por TED',
  'deposit.held': 'Depósito (pagamento em análise)',
  'deposit.refund': 'Devolução de depósito',
  'withdrawal.payout': 'Retirada de dinheiro',
  'withdrawal.fee': 'Tarifa de retirada',
  'withdrawal.fee-refund': 'Devolução da tarifa de retirada',
  'withdrawal.refund': 'Retirada de dinheiro devolvida',
  'trade.value': { in: 'Venda de prata: valor recebido', out: 'Compra de prata: valor pago' },
  'trade.silver': { in: 'Compra de prata: gramas recebidas', out: 'Venda de prata: gramas entregues' },
  'trade.fee': 'Tarifa de operação',
  'trade.iof': 'IOF',
  'trade.rounding': 'Arredondamento de operação',
  'transfer.silver': { in: 'Transferência de prata recebida', out: 'Transferência de prata enviada' },
  'transfer.unclaimed': 'Transferência de prata enviada',
  'transfer.claimed': 'Transferência de prata recebida',
  'transfer.returned': 'Transferência de prata devolvida',
  'silver.shipped': 'Retirada de prata em barras',
  'silver.value': 'Retirada de prata: valor da prata',
  'silver.minting': 'Retirada de prata: cunhagem',
  'silver.shipping': 'Retirada de prata: frete',
  'silver.insurance': 'Retirada de prata: seguro',
  'silver.icms': 'Retirada de prata: ICMS',
  'silver.difal': 'Retirada de prata: DIFAL',
  'silver.pis': 'Retirada de prata: PIS',
  'silver.cofins': 'Retirada de prata: COFINS',
  'silver.refund': 'Retirada de prata devolvida',
  'affiliate.reward': 'Recompensa de afiliado',
  'demo.funding': 'Saldo de demonstração',
  'demo.custody': 'Prata de demonstração',
};

export const STATEMENT_FALLBACK_DESCRIPTION = 'Movimentação';

export function statementDescription(code: string, direction: 'in' | 'out'): string {
  const found = BY_CODE[code];
  if (found === undefined) return STATEMENT_FALLBACK_DESCRIPTION;
  return typeof found === 'string' ? found : found[direction];
}
