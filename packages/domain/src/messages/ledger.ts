/** The ledger's refusals and its reconciliation (apps/server/src/ledger, docs/ledger.md). */
export const LEDGER_MESSAGES = {
  insufficientBalanceBRL: 'Saldo em reais insuficiente.',
  insufficientBalanceAG: 'Saldo de prata insuficiente.',
  ledgerAccountClosed: 'A conta está encerrada.',
  ledgerIdConflict: 'Este lançamento já foi registrado com outros dados.',
  holdNotFound: 'Reserva não encontrada.',
  holdAlreadyResolved: 'Esta reserva já foi encerrada.',
  reconciliationClean: 'Conferência concluída: o razão confere.',
  reconciliationProblems: (count: number) =>
    count === 1
      ? 'Conferência concluída: 1 problema encontrado.'
      : `Conferência concluída: ${count} problemas encontrados.`,
  reconciliationRunning: 'Uma conferência do razão já está em andamento. Aguarde o resultado dela.',
} as const;
