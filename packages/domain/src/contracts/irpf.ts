import { z } from 'zod';
import { isoDate, decimalParam } from './common';

/**
 * The IRPF guide (spec 3 §2 Imposto de renda, §7 Tax guide, §8 constants; docs/fiscal.md). The completed orders of a
 * year come from GET /api/orders/completed?page&year (contracts/orders.ts); the workbook from
 * GET /api/orders/export/{year}; the position on 31 December from GET /api/irpf/position/{year}.
 */

/** How many years back the year selector reaches: the current year minus 3 up to the current year. */
export const IRPF_YEARS_BACK = 3;

/** The years the guide offers, newest first, for a given current year (Brasília's calendar). */
export function irpfYears(currentYear: number): number[] {
  return Array.from({ length: IRPF_YEARS_BACK + 1 }, (_, i) => currentYear - i);
}

/** The year the guide opens on: the previous one (the declaration made this year is about last year). */
export const defaultIrpfYear = (currentYear: number) => currentYear - 1;

/** `{year}` of the export and the position: a year the selector offers (checked against today by the server). */
export const IrpfYearParams = z.object({ year: decimalParam(2000, 2100) });

/** GET /api/irpf/position/{year}: what the declaration's "Bens e Direitos" needs, on 31 December of the year. */
export const IrpfPositionResponse = z.object({
  year: z.number().int(),
  /** the last day of the year, yyyy-mm-dd */
  date: isoDate(),
  /** grams in custody (available and held) at the end of that day, from the ledger */
  grams: z.number(),
  /** reais per gram: the average acquisition cost, fees and IOF included (docs/fiscal.md) */
  average_cost_per_gram: z.number(),
  /** reais: grams × average cost, the value to declare */
  cost_amount: z.number(),
  /** reais: what the year's completed orders bought and sold (value + fee + IOF; value − fee − IOF) */
  bought_amount: z.number(),
  sold_amount: z.number(),
  /** grams bought and sold in the year */
  bought_grams: z.number(),
  sold_grams: z.number(),
});
export type IrpfPositionResponse = z.infer<typeof IrpfPositionResponse>;

/** The workbook (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet), as an attachment. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const IrpfWorkbookFile = {
  description: 'A planilha do ano (xlsx), como anexo.',
  content: { [XLSX_MIME]: { schema: z.file() } },
};
