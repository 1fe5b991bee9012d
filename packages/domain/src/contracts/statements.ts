import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * The monthly statement (extrato mensal; docs/statements.md): GET /api/statements?month=yyyy-mm and
 * its PDF, GET /api/statements/pdf?month=yyyy-mm. Always the signed-in customer's own.
 */

/** `month`: yyyy-mm, a month of Brasília's calendar; absent = the last complete month. */
export const MonthlyStatementQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Escolha um mês no formato aaaa-mm.')
    .optional(),
});
export type MonthlyStatementQuery = z.infer<typeof MonthlyStatementQuery>;

/** One movement: a ledger transfer between the customer (available or held) and anyone else. */
export const MonthlyStatementMovement = z.object({
  id: z.string(),
  at: isoDateTime(),
  /** Portuguese, from the transfer's code and direction (statementDescription) */
  description: z.string(),
  /** reais or grams; positive in, negative out */
  amount: z.number(),
  /** the balance in that currency after this movement (available + held) */
  balance: z.number(),
});
export type MonthlyStatementMovement = z.infer<typeof MonthlyStatementMovement>;

/**
 * One currency's part of the statement; opening + Σ amount = closing. Each balance is split as the drawer shows it:
 * available (what the customer can use: the drawer's balance) + reserved (held by an open order or a withdrawal in
 * analysis) = the total, which is what the movements run on.
 */
export const MonthlyStatementCurrency = z.object({
  opening: z.number(),
  opening_available: z.number(),
  opening_reserved: z.number(),
  closing: z.number(),
  closing_available: z.number(),
  closing_reserved: z.number(),
  credits: z.number(),
  debits: z.number(),
  movements: z.array(MonthlyStatementMovement),
});
export type MonthlyStatementCurrency = z.infer<typeof MonthlyStatementCurrency>;

export const MonthlyStatementResponse = z.object({
  month: z.string(),
  /** the instants the month began and ends in Brasília ([from, to)) */
  from: isoDateTime(),
  to: isoDateTime(),
  /** false for the month in progress: its closing is the balance now */
  complete: z.boolean(),
  /** every month the selector offers, newest first: from the month the account opened to the current one */
  months: z.array(z.string()),
  customer: z.object({ name: z.string(), document: z.string().nullable() }),
  reais: MonthlyStatementCurrency,
  grams: MonthlyStatementCurrency,
  /** true when a currency had more than STATEMENT_MOVEMENTS_MAX movements: the balances are whole, the list is not */
  truncated: z.boolean(),
  average_cost: z.object({
    /** grams bought in the month and what they cost (value + operating fee + IOF), in reais */
    bought_grams: z.number(),
    bought_amount: z.number(),
    /** bought_amount / bought_grams; null when nothing was bought */
    month_per_gram: z.number().nullable(),
    /** the IRPF average acquisition cost at the end of the month (docs/fiscal.md); null with no grams bought */
    irpf_per_gram: z.number().nullable(),
  }),
});
export type MonthlyStatementResponse = z.infer<typeof MonthlyStatementResponse>;

export const MonthlyStatementPdfFile = {
  description: 'O extrato do mês (PDF), como anexo.',
  content: { 'application/pdf': { schema: z.file() } },
};
