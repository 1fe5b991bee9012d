import { z } from 'zod';
import { MESSAGES } from '../messages';
import { parseDecimal } from '../money/index';
import {
  boundedString,
  decimalParam,
  isoDate,
  isoDateTime,
  optionalIsoDateField,
  pageOf,
  pageParam,
  withUnits,
} from './common';

/**
 * Automatic saving (docs/saving-plans.md): a fixed amount of reais buys silver with a market order
 * every week or month, paid from the balance or by Pix Automático. Reais travel as dot-decimal numbers; the server
 * keeps centavos and centigrams.
 */

export const SAVING_FREQUENCIES = ['weekly', 'monthly'] as const;
export type SavingFrequency = (typeof SAVING_FREQUENCIES)[number];
export const SAVING_PAYMENT_METHODS = ['balance', 'pix_automatico'] as const;
export type SavingPaymentMethod = (typeof SAVING_PAYMENT_METHODS)[number];
export const SAVING_PLAN_STATUSES = ['awaiting_authorization', 'active', 'paused', 'cancelled', 'ended'] as const;
export type SavingPlanStatus = (typeof SAVING_PLAN_STATUSES)[number];
export const SAVING_RUN_STATUSES = ['awaiting_payment', 'due', 'buying', 'bought', 'nothing'] as const;
export type SavingRunStatus = (typeof SAVING_RUN_STATUSES)[number];

/** R$ 10,00 to R$ 50.000,00 a run (centavos). */
export const SAVING_MIN_CENTS = 1_000;
export const SAVING_MAX_CENTS = 5_000_000;
/** Live plans (not cancelled nor ended) a customer may keep. */
export const SAVING_PLANS_MAX = 5;

export const SAVING_PLAN_STATUS_LABELS: Record<SavingPlanStatus, string> = {
  awaiting_authorization: 'Aguardando o Pix',
  active: 'Ativa',
  paused: 'Pausada',
  cancelled: 'Cancelada',
  ended: 'Encerrada',
};
export const SAVING_RUN_STATUS_LABELS: Record<SavingRunStatus, string> = {
  awaiting_payment: 'Aguardando o Pix',
  due: 'Na fila',
  buying: 'Comprando',
  bought: 'Comprou',
  nothing: 'Não comprou',
};
export const WEEKDAY_LABELS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'] as const;

/** Reais → centavos, between the minimum and the maximum of a run. */
export const savingAmountField = () =>
  z
    .union(
      [
        boundedString({ max: 40, tooLong: MESSAGES.savingAmountInvalid, invalid: MESSAGES.savingAmountInvalid }),
        z.number(),
      ],
      { error: MESSAGES.savingAmountRequired },
    )
    .transform((v, ctx) => {
      const parsed = parseDecimal(v, { max: 1_000_000_000 });
      if (!parsed.ok) {
        const empty = parsed.reason === 'empty' || parsed.reason === 'zero';
        ctx.addIssue({ code: 'custom', message: empty ? MESSAGES.savingAmountRequired : MESSAGES.savingAmountInvalid });
        return z.NEVER;
      }
      if (parsed.minor < SAVING_MIN_CENTS) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.savingAmountTooSmall('R$ 10,00') });
        return z.NEVER;
      }
      if (parsed.minor > SAVING_MAX_CENTS) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.savingAmountTooLarge('R$ 50.000,00') });
        return z.NEVER;
      }
      return parsed.minor;
    });

/** POST /api/saving-plans */
export const CreateSavingPlanRequest = withUnits(
  z
    .object({
      amount: savingAmountField(),
      frequency: z.enum(SAVING_FREQUENCIES, { error: MESSAGES.chooseOption }),
      weekday: z.coerce.number().int().min(0).max(6).nullish(),
      month_day: z.coerce.number().int().min(1).max(28).nullish(),
      end_date: optionalIsoDateField(MESSAGES.savingEndDateInvalid),
      payment_method: z.enum(SAVING_PAYMENT_METHODS, { error: MESSAGES.savingPaymentMethodRequired }),
    })
    .superRefine((body, ctx) => {
      if (body.frequency === 'weekly' && (body.weekday === null || body.weekday === undefined))
        ctx.addIssue({ code: 'custom', path: ['weekday'], message: MESSAGES.savingWeekdayRequired });
      if (body.frequency === 'monthly' && (body.month_day === null || body.month_day === undefined))
        ctx.addIssue({ code: 'custom', path: ['month_day'], message: MESSAGES.savingMonthDayRequired });
    }),
  { amount: 'amount_cents' },
);
export type CreateSavingPlanRequest = z.input<typeof CreateSavingPlanRequest>;
export type CreateSavingPlanInput = z.output<typeof CreateSavingPlanRequest>;

/**
 * GET /api/saving-plans/preview?amount=&frequency=&weekday=&month_day=&payment_method=: what the amount would buy
 * now, with the fee and the IOF; with the schedule's fields, also when the first and the next runs happen.
 */
export const SavingPreviewQuery = withUnits(
  z.object({
    amount: savingAmountField(),
    frequency: z.enum(SAVING_FREQUENCIES, { error: MESSAGES.chooseOption }).optional(),
    weekday: z.coerce.number({ error: MESSAGES.savingWeekdayRequired }).int().min(0).max(6).optional(),
    month_day: z.coerce.number({ error: MESSAGES.savingMonthDayRequired }).int().min(1).max(28).optional(),
    payment_method: z.enum(SAVING_PAYMENT_METHODS, { error: MESSAGES.savingPaymentMethodRequired }).optional(),
  }),
  { amount: 'amount_cents' },
);
export type SavingPreviewQuery = z.input<typeof SavingPreviewQuery>;
export type SavingPreviewInput = z.output<typeof SavingPreviewQuery>;

/**
 * When a new plan's runs happen (Brasília dates). By Pix Automático the first Pix, paid now, buys at once and is the
 * run of `first_run_date` (the current period's); the next charge is on `next_run_date`. From the balance the first
 * run buys on `first_run_date`.
 */
export const SavingSchedulePreview = z.object({
  first_run_date: isoDate(),
  next_run_date: isoDate(),
});
export type SavingSchedulePreview = z.infer<typeof SavingSchedulePreview>;
export const SavingPreviewResponse = z.object({
  amount: z.number(),
  /** false: the book cannot sell anything for this amount now */
  available: z.boolean(),
  quantity_grams: z.number(),
  price_per_gram: z.number(),
  value: z.number(),
  transaction_fee: z.number(),
  iof_fee: z.number(),
  /** value + fee + IOF: never above amount */
  total: z.number(),
  fee_rate_percent: z.number(),
  /** true: the fee is the minimum per order (the rate would charge less) */
  fee_is_minimum: z.boolean(),
  iof_rate_percent: z.number(),
  /** the runs' dates, when the query named the schedule (frequency and its day) */
  schedule: SavingSchedulePreview.nullable(),
});
export type SavingPreviewResponse = z.infer<typeof SavingPreviewResponse>;

export const SavingRun = z.object({
  id: z.number().int(),
  period: isoDate(),
  /** the plan's first Pix pays the current period's run at once: the date it did, when before the period (paid) */
  paid_ahead_on: isoDate().nullable(),
  status: z.enum(SAVING_RUN_STATUSES),
  amount: z.number(),
  quantity_grams: z.number().nullable(),
  value: z.number().nullable(),
  transaction_fee: z.number().nullable(),
  iof_fee: z.number().nullable(),
  total: z.number().nullable(),
  order_id: z.number().int().nullable(),
  deposit_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  created_at: isoDateTime(),
});
export type SavingRun = z.infer<typeof SavingRun>;

export const SavingPlan = z.object({
  id: z.number().int(),
  amount: z.number(),
  frequency: z.enum(SAVING_FREQUENCIES),
  weekday: z.number().int().nullable(),
  month_day: z.number().int().nullable(),
  start_date: isoDate(),
  end_date: isoDate().nullable(),
  payment_method: z.enum(SAVING_PAYMENT_METHODS),
  status: z.enum(SAVING_PLAN_STATUSES),
  /** the next Brasília date a run is due, null when none will be */
  next_run_date: isoDate().nullable(),
  /** the Pix Automático code while the first charge is unpaid */
  pix_copia_e_cola: z.string().nullable(),
  /** why the payer's bank ended the plan (Pix Automático cancelled, expired or refused); null otherwise */
  end_reason: z.string().nullable(),
  created_at: isoDateTime(),
  runs: z.array(SavingRun),
});
export type SavingPlan = z.infer<typeof SavingPlan>;

export const SavingPlansResponse = z.object({ plans: z.array(SavingPlan) });
export type SavingPlansResponse = z.infer<typeof SavingPlansResponse>;

export const SavingPlanResponse = z.object({
  plan: SavingPlan,
  /** the first charge's QR code (PNG, base64), Pix Automático only */
  pix_qr_code: z.string().nullable(),
  message: z.string(),
});
export type SavingPlanResponse = z.infer<typeof SavingPlanResponse>;

/** POST /api/saving-plans/{id}/{pause|resume|cancel}: the plan and the move are in the path; a body, if any, is {}. */
export const SavingPlanMoveRequest = z.object({}).strict().optional();

/** GET /api/admin/saving-plans */
export const AdminSavingPlansQuery = z.object({
  page: pageParam(),
  status: z.enum(SAVING_PLAN_STATUSES).optional(),
});
export const AdminSavingPlan = SavingPlan.extend({
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  authorization_id: z.string().nullable(),
});
export const AdminSavingPlansResponse = z.object({ plans: pageOf(AdminSavingPlan) });
export type AdminSavingPlansResponse = z.infer<typeof AdminSavingPlansResponse>;

/** POST /api/dev/clock (PRATA_TEST_CLOCK=1 only): moves the test clock forward, then runs what became due. */
export const DevClockRequest = z.object({
  advance_days: decimalParam(0, 400).default(0),
  /** back to the real time */
  reset: z.boolean().optional(),
});
/** POST /api/dev/saving-plans/{id}/revoke (test clock only): the payer cancels the authorisation in their bank. */
export const DevRevokeAuthorizationResponse = z.object({ outcome: z.string(), message: z.string() });

export const DevClockResponse = z.object({ now: isoDateTime(), offset_days: z.number(), message: z.string() });
