import { describe, expect, it } from 'vitest';
import { planTitle, weekdayOption } from './labels';

describe('weekdays', () => {
  it('the form lists them as names of their own; a plan says them inside its sentence', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(weekdayOption)).toEqual([
      'Domingo',
      'Segunda-feira',
      'Terça-feira',
      'Quarta-feira',
      'Quinta-feira',
      'Sexta-feira',
      'Sábado',
    ]);
    const plan = { amount: 50, frequency: 'weekly' as const, month_day: null };
    expect(planTitle({ ...plan, weekday: 1 })).toBe('R$ 50,00 toda segunda');
    expect(planTitle({ ...plan, weekday: 6 })).toBe('R$ 50,00 todo sábado');
  });
});
