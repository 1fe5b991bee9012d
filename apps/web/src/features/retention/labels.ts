import type { RetentionRun } from '@prata/domain';

export const TRIGGER_LABELS: Record<RetentionRun['trigger'], string> = {
  schedule: 'Automática',
  operator: 'Manual',
};

/** How a run ended, in a few words. */
export function runOutcome(run: RetentionRun): string {
  if (run.error) return `Falhou: ${run.error}`;
  if (!run.finished_at) return 'Em execução';
  const count = run.erased === 1 ? '1 registro' : `${run.erased.toLocaleString('pt-BR')} registros`;
  return run.more_left ? `${count} (continua na próxima execução)` : count;
}
