/** The monthly statement (extrato mensal; docs/statements.md). */
export const STATEMENT_MESSAGES = {
  statementMonthOutOfRange: 'Escolha um mês entre a abertura da sua conta e o mês atual.',
} as const;
