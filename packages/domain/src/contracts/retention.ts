import { z } from 'zod';
import { isoDateTime, idParam } from './common';

/**
 * Retention of personal data (docs/privacy-retention.md): the rules the job applies by itself, each
 * with what it erases, its legal basis and its period, and the report of each run. Back office only.
 */

/** The runs one page of the back office's list shows. */
export const RETENTION_RUNS_PAGE = 50;

/** A rule's key: lowercase letters, digits and underscores (retention_rules.key). */
export const RetentionRuleKey = z.string().regex(/^[a-z][a-z0-9_]{1,48}$/, 'Regra desconhecida.');

export const RetentionRun = z.object({
  id: z.number().int(),
  rule: z.string(),
  rule_title: z.string(),
  /** 'schedule': the job; 'operator': "Executar agora" */
  trigger: z.enum(['schedule', 'operator']),
  /** the operator who asked for it, when one did */
  requested_by: z.string().nullable(),
  /** rows older than this were past the period */
  cutoff: isoDateTime(),
  started_at: isoDateTime(),
  /** null while it runs */
  finished_at: isoDateTime().nullable(),
  /** rows erased or anonymised */
  erased: z.number().int(),
  batches: z.number().int(),
  /** the run stopped at its bound with rows left: the next run goes on */
  more_left: z.boolean(),
  /** why it stopped, when it failed */
  error: z.string().nullable(),
});
export type RetentionRun = z.infer<typeof RetentionRun>;

export const RetentionRule = z.object({
  key: z.string(),
  title: z.string(),
  erases: z.string(),
  legal_basis: z.string(),
  /** the period in Portuguese ("6 meses", "30 dias") */
  period: z.string(),
  period_seconds: z.number().int(),
  /** how often the job applies it ("a cada 1 hora") */
  runs_every: z.string(),
  enabled: z.boolean(),
  next_run_at: isoDateTime(),
  last_run: RetentionRun.nullable(),
});
export type RetentionRule = z.infer<typeof RetentionRule>;

/** GET /api/admin/retention?before=ID: the rules, and the runs newest first (a page before the run `before`). */
export const AdminRetentionQuery = z.object({
  before: idParam().optional(),
});
export type AdminRetentionQuery = z.infer<typeof AdminRetentionQuery>;

export const AdminRetentionResponse = z.object({
  rules: z.array(RetentionRule),
  runs: z.object({
    data: z.array(RetentionRun),
    /** the `before` of the next page; null on the last */
    next_before: z.number().int().nullable(),
  }),
});
export type AdminRetentionResponse = z.infer<typeof AdminRetentionResponse>;

export const RetentionRuleParams = z.object({ key: RetentionRuleKey });

/** POST /api/admin/retention/rules/:key/run (Idempotency-Key): applies the rule now; answers its run. */
export const RunRetentionRuleRequest = z.object({}).strict().optional();
export const RunRetentionRuleResponse = z.object({ run: RetentionRun, message: z.string() });
export type RunRetentionRuleResponse = z.infer<typeof RunRetentionRuleResponse>;
