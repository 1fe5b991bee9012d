import { PriceHistoryResponse } from '@prata/domain';
import type { AppDeps } from '@/deps';
import { logFailure } from '@/lib/log-failure';
import { bookVersion } from './answers';
import { priceHistory } from './service';

type Range = PriceHistoryResponse['range'];

/** An answer is served as it is this long after its read began. */
export const PRICE_HISTORY_FRESH_MS = 1_000;
/**
 * Between PRICE_HISTORY_FRESH_MS and this, it is still served while one new read runs; past it, or once the book moved
 * (a trade, here or on any instance: bookVersion), callers wait for a read begun after. The chart's window slides with
 * the clock, so even a quiet market's answer is read again at least this often while someone asks.
 */
export const PRICE_HISTORY_MAX_AGE_MS = 2_000;

/** One read of a range: the book's version when it began (every later change may be missing from it), its JSON. */
type Read = { version: number; startedAt: number; json: Promise<string> };

/** A range's answers: the last read that landed, the one running (at most one per range), and who waits after it. */
type Slot = { kept: Read | null; running: Read | null; queued: Promise<string> | null };

const slotsByApp = new WeakMap<AppDeps, Map<Range, Slot>>();

function slotOf(deps: AppDeps, range: Range): Slot {
  let slots = slotsByApp.get(deps);
  if (!slots) {
    slots = new Map();
    slotsByApp.set(deps, slots);
  }
  let slot = slots.get(range);
  if (!slot) {
    slot = { kept: null, running: null, queued: null };
    slots.set(range, slot);
  }
  return slot;
}

function startRead(deps: AppDeps, slot: Slot, range: Range, now: number): Read {
  const json = priceHistory(deps.database.db, range).then((answer) =>
    JSON.stringify(PriceHistoryResponse.encode(answer)),
  );
  const read: Read = { version: bookVersion(deps), startedAt: now, json };
  slot.running = read;
  json.then(
    () => {
      if (slot.running === read) slot.running = null;
      if (!slot.kept || slot.kept.startedAt <= read.startedAt) slot.kept = read;
    },
    (err: unknown) => {
      // the callers waiting for it hear the failure too (none when it refreshed a kept answer); the next one reads again
      logFailure(`orders: price history (${range})`, err, 'warn');
      if (slot.running === read) slot.running = null;
    },
  );
  return read;
}

/** A read for the callers that came while an older one ran: begun once that one lands, the book's version of then. */
function readAfterRunning(deps: AppDeps, slot: Slot, range: Range, running: Read): Promise<string> {
  slot.queued ??= running.json
    .catch(() => undefined)
    .then(() => {
      slot.queued = null;
      return startRead(deps, slot, range, Date.now()).json;
    });
  return slot.queued;
}

/**
 * GET /api/orders/price-history?range as JSON text, shared by every caller of this instance: read and encoded (through
 * the contract's PriceHistoryResponse) at most once at a time per range, served while the book keeps the version it
 * was read at and for at most PRICE_HISTORY_MAX_AGE_MS. A caller after a trade gets an answer read after it.
 */
export function priceHistoryJson(deps: AppDeps, range: Range, now = Date.now()): Promise<string> {
  const version = bookVersion(deps);
  const slot = slotOf(deps, range);
  const usable = (r: Read | null): r is Read =>
    r !== null && r.version >= version && now - r.startedAt < PRICE_HISTORY_MAX_AGE_MS;
  const { kept, running } = slot;
  if (usable(kept)) {
    if (now - kept.startedAt >= PRICE_HISTORY_FRESH_MS && running === null) startRead(deps, slot, range, now);
    return kept.json;
  }
  if (usable(running)) return running.json;
  if (running !== null) return readAfterRunning(deps, slot, range, running);
  return startRead(deps, slot, range, now).json;
}
