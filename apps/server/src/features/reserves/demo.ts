import { createHash, randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { brasiliaDayEnd, brasiliaIsoDate, formatGrams } from '@prata/domain';
import { withTransaction } from '@/db/tx';
import type { AppDeps } from '@/deps';
import { proofOfReserves } from '@/ledger/index';
import { nextDay } from './build';
import { demoOperatorId, firstLedgerTransferAt, reserveBarCount } from './days-repository';
import { buildReserveDays, HISTORY_DAYS_MAX } from './history';
import { type BarDocument, closedDaysSince, insertBar } from './repository';
import { reservesSecret } from './salts';

/** The most bars the demo lists: past it, each bar is heavier than 1 kg. */
const DEMO_BARS_MAX = 12;
const KG_CG = 100_000;

/** A one-page PDF marked as a demonstration, standing in for the auditor's report. */
async function demoReport(serials: string[], totalCg: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle('Laudo de auditoria do cofre (demonstração)');
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = [
    'Laudo de auditoria do cofre - DEMONSTRACAO, SEM VALOR',
    `Barras conferidas: ${serials.length}, total ${formatGrams(totalCg).replace(/\u00a0/g, ' ')}`,
    ...serials.slice(0, 40),
  ];
  for (const [i, line] of lines.entries()) page.drawText(line, { x: 50, y: 790 - i * 16, size: 11, font });
  return Buffer.from(await doc.save());
}

/**
 * A proof of reserves for every day the demo's ledger spans (`npm start`), each as of the end of that day, from its
 * first transfer to yesterday, and today's so far, so the demo customers see their own leaf at once. Run
 * after every other demo seed: their history, dated back, is in the ledger by then. The days are built from one read
 * of the ledger; a day already built is left as it is (the daily job's claim), today so far is built again at each
 * start.
 */
async function seedReserveDays(deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const firstAt = await firstLedgerTransferAt(db);
  if (!firstAt) return;
  const from = brasiliaIsoDate(new Date(firstAt));
  const days = demoReserveDays(from, new Date(), await closedDaysSince(db, from));
  await buildReserveDays(db, await reservesSecret(deps, db), days);
}

/**
 * The days the demo builds at `now`: every day from `from` before today (in Brasília) not built yet, each as of its
 * end, yesterday too in the daily job's grace after midnight (nothing writes while the demo seeds), then today so far;
 * the last HISTORY_DAYS_MAX of them.
 */
export function demoReserveDays(from: string, now: Date, built: Set<string>): Array<{ day: string; endsAt: Date }> {
  const today = brasiliaIsoDate(now);
  const days: Array<{ day: string; endsAt: Date }> = [];
  for (let day = from; day < today; day = nextDay(day)) {
    if (!built.has(day)) days.push({ day, endsAt: brasiliaDayEnd(day) });
  }
  days.push({ day: today, endsAt: now });
  return days.slice(-HISTORY_DAYS_MAX);
}

/**
 * The demo's proof of reserves (`npm start`): the vault's bars, then the proof of every day of the demo's history.
 */
export async function seedReservesDemo(deps: AppDeps): Promise<void> {
  await seedBars(deps);
  await seedReserveDays(deps);
}

/**
 * The demo vault's bars: enough bars of a whole number of kilograms to hold the ledger's vault, so
 * /prova-de-reservas shows a list and no shortfall. Runs once: a vault with bars listed is left as it is.
 */
async function seedBars(deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  if ((await reserveBarCount(db)) > 0) return;
  const operatorId = await demoOperatorId(db);
  const vaultCg = Number((await proofOfReserves(db)).vault);
  if (operatorId === null || vaultCg <= 0) return;
  const kilos = Math.ceil(vaultCg / KG_CG);
  const count = Math.min(kilos, DEMO_BARS_MAX);
  const weightCg = Math.ceil(kilos / count) * KG_CG;
  const serials = Array.from({ length: count }, (_, i) => `PRT-DEMO-${String(i + 1).padStart(4, '0')}`);
  const pdf = await demoReport(serials, weightCg * count);
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const documents: BarDocument[] = [];
  for (const _ of serials) {
    const storageKey = `reserves/${randomBytes(16).toString('hex')}.pdf`;
    await deps.adapters.storage.put(storageKey, pdf);
    documents.push({ storageKey, name: 'laudo-auditoria-demonstracao.pdf', size: pdf.length, sha256 });
  }
  await withTransaction(db, async (tx) => {
    for (const [i, serial] of serials.entries()) {
      await insertBar(tx, {
        serial,
        refiner: i % 2 === 0 ? 'Umicore' : 'Heraeus',
        weightCg,
        createdBy: operatorId,
        document: documents[i]!,
      });
    }
  });
}
