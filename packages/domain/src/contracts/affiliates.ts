import { z } from 'zod';
import { MESSAGES } from '../messages';
import { parseDecimal } from '../money/index';
import { boundedString, integerField, isoDateTime, pageOf, withUnits, pageParam } from './common';

/**
 * The affiliate program (spec 3 "Afiliados", §3 Affiliate and Reward, §4 Affiliate, §6, §7; docs/affiliates.md). An
 * approved customer has one affiliate coupon (a coupon whose owner is the customer) and a referral link to
 * /register?cupom=CODE. Whoever registers with it is the affiliate's referred customer; for `years` after that
 * registration the affiliate earns a share of the operating fee each of the referred customer's trades pays,
 * credited through the ledger.
 */

/** Rows per page of the affiliates and rewards tables (the screen reads per_page from the answer). */
export const AFFILIATES_PAGE_SIZE = 10;
/** The longest validity an operator may set, in whole years. */
export const AFFILIATE_VALIDITY_YEARS_MAX = 10;
/** spec 3 §3 Reward: the currency of a reward. The rule credits reais; grams are allowed for rewards given in silver. */
export const REWARD_CURRENCIES = ['brl', 'silver'] as const;
export type RewardCurrency = (typeof REWARD_CURRENCIES)[number];

/**
 * An e-mail another customer may see: the first letters of the name and of the domain, the rest hidden.
 * 'joao.silva@gmail.com' → 'jo***@g***.com'; 'a@b.com.br' → 'a***@b***.com.br'.
 */
export function anonymizeEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const head = local.slice(0, local.length > 4 ? 2 : 1);
  const dot = domain.indexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const suffix = dot > 0 ? domain.slice(dot) : '';
  return `${head}***@${host.slice(0, 1)}***${suffix}`;
}

/** The first word of a name ('Maria Oliveira Santos' → 'Maria'). */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** Where a referred customer stands: the table shows 'awaiting verification' or 'awaiting approval' (spec 3 §4). */
export type AffiliateStatus = 'awaiting_verification' | 'awaiting_approval' | 'approved';
export function affiliateStatus(a: { email_verified_at: string | null; approved_at: string | null }): AffiliateStatus {
  if (!a.email_verified_at) return 'awaiting_verification';
  if (!a.approved_at) return 'awaiting_approval';
  return 'approved';
}
export const AFFILIATE_STATUS_LABELS: Record<AffiliateStatus, string> = {
  awaiting_verification: MESSAGES.affiliateAwaitingVerification,
  awaiting_approval: MESSAGES.affiliateAwaitingApproval,
  approved: MESSAGES.affiliateApproved,
};

/** The referral link's query parameter, read by /register (features/auth's register page fills coupon_code). */
export const REFERRAL_PARAM = 'cupom';
export const referralPath = (code: string) => `/register?${REFERRAL_PARAM}=${encodeURIComponent(code)}`;

export const AffiliateProgramUser = z.object({
  name: z.string(),
  email_verified_at: isoDateTime().nullable(),
  approved_at: isoDateTime().nullable(),
});
export const AffiliateCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  /** the whole referral link, on the server's public address */
  link: z.string(),
});
export type AffiliateCoupon = z.infer<typeof AffiliateCoupon>;

/**
 * GET /api/affiliates-program (spec 3 §7): the customer, their coupon (null until approved), the validity in whole
 * years, the share of the fee the affiliate earns (a percentage, e.g. 20 for 20%) and what they received so far.
 */
export const AffiliateProgramResponse = z.object({
  user: AffiliateProgramUser,
  coupon: AffiliateCoupon.nullable(),
  years: z.number().int(),
  reward_share: z.number(),
  /** reais the customer has received in rewards so far */
  rewards_total: z.number(),
});
export type AffiliateProgramResponse = z.infer<typeof AffiliateProgramResponse>;

/** `?page=N` of the two tables (1-based). */
export const AffiliatesPageQuery = z.object({ page: pageParam() });

/** A referred customer (spec 3 §3 Affiliate): first name and anonymized e-mail only, never more. */
export const Affiliate = z.object({
  first_name: z.string(),
  anonymized_email: z.string(),
  created_at: isoDateTime(),
  email_verified_at: isoDateTime().nullable(),
  approved_at: isoDateTime().nullable(),
});
export type Affiliate = z.infer<typeof Affiliate>;
/** GET /api/affiliates-program/affiliates?page */
export const AffiliatesResponse = z.object({ affiliates: pageOf(Affiliate) });
export type AffiliatesResponse = z.infer<typeof AffiliatesResponse>;

/** A reward (spec 3 §3): reais or grams as dot-decimal numbers, and whose trade earned it (anonymized). */
export const Reward = z.object({
  id: z.number().int(),
  description: z.string(),
  total_amount: z.number(),
  currency: z.enum(REWARD_CURRENCIES),
  anonymized_email: z.string(),
  created_at: isoDateTime(),
});
export type Reward = z.infer<typeof Reward>;
/** GET /api/affiliates-program/rewards?page */
export const RewardsResponse = z.object({ rewards: pageOf(Reward) });
export type RewardsResponse = z.infer<typeof RewardsResponse>;

// ------------------------------------------------------------------ back office

/** GET/PUT /api/admin/affiliates/settings: the share (percentage) and the validity (whole years). */
export const AffiliateSettings = z.object({ reward_share: z.number(), validity_years: z.number().int() });
export type AffiliateSettings = z.infer<typeof AffiliateSettings>;

export const AffiliateSettingsRequest = withUnits(
  z.object({
    reward_share: z
      .union([z.number(), boundedString({ max: 12 })], { error: MESSAGES.affiliateShareInvalid })
      .transform((v, ctx) => {
        const parsed = parseDecimal(v, { max: 10_000, allowZero: true });
        if (!parsed.ok) {
          ctx.addIssue({ code: 'custom', message: MESSAGES.affiliateShareInvalid });
          return z.NEVER;
        }
        return parsed.minor;
      }),
    validity_years: integerField(MESSAGES.affiliateYearsInvalid, 1, AFFILIATE_VALIDITY_YEARS_MAX),
  }),
  { reward_share: 'reward_share_bps' },
);
export type AffiliateSettingsRequest = z.input<typeof AffiliateSettingsRequest>;
export type AffiliateSettingsInput = z.output<typeof AffiliateSettingsRequest>;
export const AffiliateSettingsResponse = z.object({ settings: AffiliateSettings, message: z.string().optional() });
export type AffiliateSettingsResponse = z.infer<typeof AffiliateSettingsResponse>;

const Person = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** An affiliate as operators see it: the customer, the coupon, how many they referred and what they earned. */
export const AdminAffiliate = z.object({
  user: Person,
  coupon_code: z.string(),
  referred: z.number().int(),
  referred_approved: z.number().int(),
  /** reais */
  rewards_total: z.number(),
  coupon_created_at: isoDateTime(),
});
export type AdminAffiliate = z.infer<typeof AdminAffiliate>;
export const AdminAffiliatesResponse = z.object({ affiliates: pageOf(AdminAffiliate) });
export type AdminAffiliatesResponse = z.infer<typeof AdminAffiliatesResponse>;

export const AdminReward = z.object({
  id: z.number().int(),
  affiliate: Person,
  referred: Person,
  description: z.string(),
  total_amount: z.number(),
  currency: z.enum(REWARD_CURRENCIES),
  trade_id: z.number().int().nullable(),
  created_at: isoDateTime(),
});
export type AdminReward = z.infer<typeof AdminReward>;
export const AdminRewardsResponse = z.object({ rewards: pageOf(AdminReward) });
export type AdminRewardsResponse = z.infer<typeof AdminRewardsResponse>;
