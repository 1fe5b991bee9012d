/** Retention of personal data (docs/privacy-retention.md). The wording is ours. */
export const RETENTION_MESSAGES = {
  retentionRuleNotFound: 'Regra de retenção não encontrada.',
  retentionRuleDisabled: 'Esta regra de retenção está desativada e não pode ser executada.',
  retentionRunInProgress: 'Esta regra já está sendo executada. Aguarde o fim da execução e atualize a página.',
  retentionRunInterrupted: 'Execução interrompida: o servidor parou antes do fim. A próxima execução continua.',
  retentionRunDone: (title: string, erased: number) =>
    `${title}: ${erased === 1 ? '1 registro eliminado ou anonimizado' : `${erased} registros eliminados ou anonimizados`}.`,
  retentionRunFailed: (title: string) => `${title}: a execução falhou. O erro está no relatório abaixo.`,
} as const;
