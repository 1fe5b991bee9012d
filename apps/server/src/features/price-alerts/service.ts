import {
  MESSAGES,
  minorToDecimal,
  PRICE_ALERTS_ACTIVE_MAX,
  PRICE_ALERTS_LISTED_MAX,
  PUSH_SUBSCRIPTIONS_MAX,
  type PriceAlert,
  type PriceAlertDirection,
  type PriceAlertsResponse,
} from '@prata/domain';
import { withTransaction } from '@/db/tx';
import type { AppDeps } from '@/deps';
import { AppError, notFound } from '@/lib/errors';
import { lastTradePrice } from '@/features/orders/index';
import { pushEndpointAllowed } from './endpoints';
import * as repo from './repository';

/** Price alerts and push subscriptions: the customer's calls (routes.ts). Firing is firing.ts. */

const present = (a: repo.AlertRow): PriceAlert => ({
  id: a.id,
  direction: a.direction,
  price_per_gram: minorToDecimal(a.priceCents),
  created_at: a.createdAt,
  fired_at: a.firedAt,
  fired_price_per_gram: a.firedPriceCents === null ? null : minorToDecimal(a.firedPriceCents),
});

/** GET /api/price-alerts */
export async function listPriceAlerts(deps: AppDeps, userId: number): Promise<PriceAlertsResponse> {
  const db = deps.database.db;
  const [alerts, last] = await Promise.all([repo.listAlerts(db, userId, PRICE_ALERTS_LISTED_MAX), lastTradePrice(db)]);
  return {
    alerts: alerts.map(present),
    active_max: PRICE_ALERTS_ACTIVE_MAX,
    last_price_per_gram: last === null ? null : minorToDecimal(last),
  };
}

/** POST /api/price-alerts: at most PRICE_ALERTS_ACTIVE_MAX active alerts (409 PRICE_ALERT_LIMIT). */
export async function createPriceAlert(
  deps: AppDeps,
  userId: number,
  input: { direction: PriceAlertDirection; price_per_gram_cents: number },
): Promise<PriceAlert> {
  const created = await withTransaction(deps.database.db, async (tx) => {
    const active = await repo.countActiveForUpdate(tx, userId);
    if (active >= PRICE_ALERTS_ACTIVE_MAX) {
      throw new AppError('PRICE_ALERT_LIMIT', MESSAGES.priceAlertLimitReached(PRICE_ALERTS_ACTIVE_MAX));
    }
    return repo.insertAlert(tx, { userId, direction: input.direction, priceCents: input.price_per_gram_cents });
  });
  return present(created);
}

/** DELETE /api/price-alerts/{id}: another customer's alert answers 404. */
export async function deletePriceAlert(deps: AppDeps, userId: number, id: number) {
  if (!(await repo.deleteAlert(deps.database.db, userId, id))) throw notFound();
  return { message: MESSAGES.priceAlertDeleted };
}

/**
 * POST /api/push/subscriptions: only on the push services' hosts (422 PUSH_ENDPOINT_NOT_ALLOWED); another customer's
 * endpoint moves here only with its keys (409 PUSH_ENDPOINT_TAKEN). Nothing is written when refused.
 */
export async function subscribePush(
  deps: AppDeps,
  userId: number,
  s: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  if (!pushEndpointAllowed(s.endpoint, deps.config.pushAnyHost)) {
    throw new AppError('PUSH_ENDPOINT_NOT_ALLOWED', MESSAGES.pushEndpointNotAllowed);
  }
  const outcome = await withTransaction(deps.database.db, (tx) =>
    repo.saveSubscription(
      tx,
      { userId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth },
      PUSH_SUBSCRIPTIONS_MAX,
    ),
  );
  if (outcome === 'taken') throw new AppError('PUSH_ENDPOINT_TAKEN', MESSAGES.pushEndpointTaken);
  return { message: MESSAGES.pushSubscriptionSaved };
}

/** DELETE /api/push/subscriptions */
export async function unsubscribePush(deps: AppDeps, userId: number, endpoint: string) {
  await repo.removeSubscription(deps.database.db, userId, endpoint);
  return { message: MESSAGES.pushSubscriptionRemoved };
}
