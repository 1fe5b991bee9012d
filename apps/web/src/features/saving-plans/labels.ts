import { formatDateBR, type SavingPlan, WEEKDAY_LABELS } from '@prata/domain';
import { formatReais as brl } from '@/lib/format';

export { brl };

/** "R$ 50,00 toda segunda" / "R$ 50,00 todo dia 5". */
export function planTitle(plan: Pick<SavingPlan, 'amount' | 'frequency' | 'weekday' | 'month_day'>): string {
  if (plan.frequency === 'weekly') {
    const day = WEEKDAY_LABELS[plan.weekday ?? 0];
    const every = plan.weekday === 0 || plan.weekday === 6 ? 'todo' : 'toda';
    return `${brl(plan.amount)} ${every} ${day}`;
  }
  return `${brl(plan.amount)} todo dia ${plan.month_day} do mês`;
}

/** A weekday as the form's list names it, on its own: "Domingo", "Segunda-feira" ... "Sábado". */
export const weekdayOption = (weekday: number): string => {
  const day = WEEKDAY_LABELS[weekday] ?? '';
  const named = `${day.charAt(0).toUpperCase()}${day.slice(1)}`;
  return weekday >= 1 && weekday <= 5 ? `${named}-feira` : named;
};

export const PAYMENT_METHOD_LABELS = { balance: 'Do saldo', pix_automatico: 'Pix Automático' } as const;

export const dateBR = (iso: string) => formatDateBR(`${iso}T12:00:00Z`);
