import { brDateToIso, type SavingFrequency, type SavingPaymentMethod, type SavingPlanResponse } from '@prata/domain';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/lib/api';
import { useIntention } from '@/lib/intention';
import { useCreateSavingPlan } from '../api/create-plan';
import type { PreviewSchedule } from '../api/preview';

function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.errors?.[field]?.[0] : undefined;
}

/**
 * The new plan's state and its creation: one intention (lib/intention.ts), so a double click, or a retry after a lost
 * answer, sends the same Idempotency-Key and the server makes one plan.
 */
export function usePlanForm(onCreated: (answer: SavingPlanResponse) => void) {
  const [amount, setAmount] = useState('');
  const [frequency, setFrequency] = useState<SavingFrequency>('weekly');
  const [weekday, setWeekday] = useState(1);
  const [monthDay, setMonthDay] = useState(5);
  const [endDate, setEndDate] = useState('');
  const [method, setMethod] = useState<SavingPaymentMethod>('pix_automatico');
  const [failure, setFailure] = useState<unknown>(null);
  const create = useCreateSavingPlan();
  const body = {
    amount,
    frequency,
    weekday: frequency === 'weekly' ? weekday : null,
    month_day: frequency === 'monthly' ? monthDay : null,
    // typed dd/mm/aaaa; a text that is no date goes as typed, and the server's rule answers it
    end_date: endDate ? (brDateToIso(endDate) ?? endDate) : null,
    payment_method: method,
  };
  const intention = useIntention(body);
  const schedule: PreviewSchedule =
    frequency === 'weekly'
      ? { frequency, weekday, payment_method: method }
      : { frequency, month_day: monthDay, payment_method: method };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await intention.run((key) => create.mutateAsync({ body, key }));
      if (!answer) return;
      setAmount('');
      onCreated(answer);
    } catch (error) {
      setFailure(error);
    }
  };
  const amountError = fieldError(failure, 'amount');
  const endDateError = fieldError(failure, 'end_date');
  // what the server refused is said until the person changes what it was about, not after they corrected it
  const edit =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setFailure(null);
    };
  return {
    ...{ amount, setAmount: edit(setAmount), frequency, setFrequency: edit(setFrequency), weekday },
    ...{ setWeekday: edit(setWeekday), monthDay, setMonthDay: edit(setMonthDay), endDate },
    ...{ setEndDate: edit(setEndDate), method, setMethod: edit(setMethod), failure, amountError, endDateError },
    ...{ schedule, submit },
    busy: intention.busy,
  };
}
