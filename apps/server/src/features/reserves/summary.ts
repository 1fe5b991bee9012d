import { RESERVE_HISTORY_DAYS, ReservesResponse } from '@prata/domain';
import type { Db, Executor } from '@/db/client';
import { sharedAnswer } from '@/lib/shared-answer';
import { listBars, listDays } from './repository';

/**
 * How long an instance serves the public proof it built before building it again (in the background: callers get the
 * kept one meanwhile). A change made through this instance (a bar, a day built) shows at once; another instance's,
 * within this time. The proof changes once a day; the answer is the same for every visitor (134 kB for a year).
 */
const PUBLIC_SUMMARY_FRESH_MS = 5_000;

/** The latest day, the bars now and the history: GET /api/reserves, and the back office's summary. */
export async function reservesSummary(db: Executor): Promise<ReservesResponse> {
  const [days, bars] = await Promise.all([listDays(db, RESERVE_HISTORY_DAYS + 1), listBars(db)]);
  const latest = days[0] ?? null;
  const barsCg = bars.reduce((sum, b) => sum + b.weightCg, 0);
  return {
    latest,
    bars,
    barsCg,
    differenceCg: latest ? barsCg - latest.liabilitiesCg : null,
    history: days.slice(1),
  };
}

const publicSummary = sharedAnswer('reserves: public summary', PUBLIC_SUMMARY_FRESH_MS, async (db) =>
  JSON.stringify(ReservesResponse.encode(await reservesSummary(db as Db))),
);

/** GET /api/reserves as JSON text, shared by every visitor of this instance (see PUBLIC_SUMMARY_FRESH_MS). */
export const publicSummaryJson = (db: Db): Promise<string> => publicSummary.get(db);

/** A bar or a day changed: this instance's next visitor gets a summary built after it. */
export const reservesChanged = (db: Db): void => publicSummary.forget(db);
