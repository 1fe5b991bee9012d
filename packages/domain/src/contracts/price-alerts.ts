import { z } from 'zod';
import { MESSAGES } from '../messages';
import { formatBRL, parseAmountInput, parseDecimal } from '../money/index';
import { boundedString, isoDateTime, withUnits } from './common';

/**
 * Price alerts (docs/price-alerts.md): "tell me when a gram trades at or above / at or below X".
 * Each alert fires once, from the trades as they commit, by e-mail and by Web Push on the devices the customer allowed.
 * Prices travel in reais per gram (8.95), as on the orders screen; the server keeps centavos.
 */

export const PRICE_ALERT_DIRECTIONS = ['above', 'below'] as const;
export type PriceAlertDirection = (typeof PRICE_ALERT_DIRECTIONS)[number];
/** Alerts a customer may keep that have not fired yet. */
export const PRICE_ALERTS_ACTIVE_MAX = 20;
/** Alerts listed (the active ones, then the last fired ones). */
export const PRICE_ALERTS_LISTED_MAX = 50;
/** Devices a customer may register for push; beyond it the oldest is replaced. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/**
 * The highest price per gram an alert may name: R$ 1.000,00 (centavos). A gram of silver has traded between R$ 2 and
 * R$ 15 in the last twenty years; a hundred times today's price is a typo, not a target (docs/price-alerts.md).
 */
export const PRICE_ALERT_MAX_PER_GRAM_CENTS = 100_000;
/** A push service's URL: the longest we store. */
export const PUSH_ENDPOINT_MAX = 1000;

/**
 * An alert's price per gram → centavos: a number (9.5) or what a person types, read the Brazilian way
 * (parseAmountInput: "9,50", "1.000", "R$ 9,50"); above zero and at most PRICE_ALERT_MAX_PER_GRAM_CENTS, each refusal
 * with its own message (a "0" is not an empty field).
 */
const alertPriceField = () =>
  z
    .union(
      [
        boundedString({ max: 40, tooLong: MESSAGES.orderPriceInvalid, invalid: MESSAGES.orderPriceInvalid }),
        z.number(),
      ],
      {
        error: MESSAGES.orderPriceRequired,
      },
    )
    .transform((v, ctx) => {
      const limits = { max: PRICE_ALERT_MAX_PER_GRAM_CENTS };
      const parsed = typeof v === 'number' ? parseDecimal(v, limits) : parseAmountInput(v, limits);
      if (parsed.ok) return parsed.minor;
      const messages: Partial<Record<typeof parsed.reason, string>> = {
        empty: MESSAGES.orderPriceRequired,
        zero: MESSAGES.priceAlertPriceZero,
        too_large: MESSAGES.priceAlertPriceTooHigh(formatBRL(PRICE_ALERT_MAX_PER_GRAM_CENTS)),
      };
      ctx.addIssue({ code: 'custom', message: messages[parsed.reason] ?? MESSAGES.orderPriceInvalid });
      return z.NEVER;
    });

/** POST /api/price-alerts */
export const CreatePriceAlertRequest = withUnits(
  z.object({
    direction: z.enum(PRICE_ALERT_DIRECTIONS, { error: MESSAGES.priceAlertDirectionRequired }),
    price_per_gram: alertPriceField(),
  }),
  { price_per_gram: 'price_per_gram_cents' },
);
export type CreatePriceAlertInput = z.input<typeof CreatePriceAlertRequest>;

export const PriceAlert = z.object({
  id: z.number(),
  direction: z.enum(PRICE_ALERT_DIRECTIONS),
  /** reais per gram */
  price_per_gram: z.number(),
  created_at: isoDateTime(),
  /** when a trade crossed it (it never fires again); null while active */
  fired_at: isoDateTime().nullable(),
  /** the price of the trade that fired it, reais per gram */
  fired_price_per_gram: z.number().nullable(),
});
export type PriceAlert = z.infer<typeof PriceAlert>;

/** GET /api/price-alerts: active first (newest first), then the last fired ones. */
export const PriceAlertsResponse = z.object({
  alerts: z.array(PriceAlert),
  active_max: z.number(),
  /** reais per gram of the last trade; null before the first */
  last_price_per_gram: z.number().nullable(),
});
export type PriceAlertsResponse = z.infer<typeof PriceAlertsResponse>;

/** GET /api/push/public-key: the server's VAPID public key (base64url), for PushManager.subscribe. */
export const PushPublicKeyResponse = z.object({ public_key: z.string() });
export type PushPublicKeyResponse = z.infer<typeof PushPublicKeyResponse>;

const pushKey = () =>
  boundedString({
    max: 200,
    required: MESSAGES.pushSubscriptionInvalid,
    tooLong: MESSAGES.pushSubscriptionInvalid,
    invalid: MESSAGES.pushSubscriptionInvalid,
  });

/** POST /api/push/subscriptions: a PushSubscription's JSON (endpoint and keys); DELETE takes the endpoint alone. */
export const PushSubscriptionRequest = z.object({
  endpoint: boundedString({
    max: PUSH_ENDPOINT_MAX,
    required: MESSAGES.pushSubscriptionInvalid,
    tooLong: MESSAGES.pushSubscriptionInvalid,
    invalid: MESSAGES.pushSubscriptionInvalid,
  }).refine((v) => /^https?:\/\/\S+$/.test(v), { error: MESSAGES.pushSubscriptionInvalid }),
  keys: z.object({ p256dh: pushKey(), auth: pushKey() }, { error: MESSAGES.pushSubscriptionInvalid }),
});
export type PushSubscriptionInput = z.input<typeof PushSubscriptionRequest>;
export const PushUnsubscribeRequest = PushSubscriptionRequest.pick({ endpoint: true });
export { PRICE_ALERT_DIRECTION_LABELS } from '../messages/price-alerts';
