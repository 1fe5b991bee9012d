import { withTransaction } from '@/db/tx';
import type { AppDeps } from '@/deps';
import type { DemoCalendar, DemoEvent } from '@/lib/demo-calendar';
import * as repo from './repository';
import { recordRegistrationConsents } from './service';

/**
 * The demo customers' consents (docs/privacy.md): the terms and the privacy policy accepted when their accounts opened
 * (the demo's accounts are written directly, not through the registration form), and Maria's opt-in to marketing
 * e-mails a month later. Nothing when they already have consents.
 */
export async function privacyDemoEvents(deps: AppDeps, calendar: DemoCalendar): Promise<DemoEvent[]> {
  const db = deps.database.db;
  const demo = await repo.demoCustomersConsentCounts(db);
  const fresh = demo.filter((d) => d.consents === 0);
  if (fresh.length === 0) return [];
  const maria = fresh.find((d) => d.email === 'cliente@prata.dev');
  return [
    {
      at: new Date(calendar.opened.getTime() + 60_000),
      what: 'os consentimentos das contas de demonstração',
      run: () =>
        withTransaction(db, async (tx) => {
          for (const d of fresh) await recordRegistrationConsents(tx, Number(d.id));
        }),
    },
    ...(maria
      ? [
          {
            at: calendar.monthsAgo(DEMO_MARKETING_MONTHS_AGO, 5, 20, 15),
            what: 'o aceite de e-mails de ofertas da Maria',
            run: async () => {
              await repo.insertConsent(db, {
                userId: Number(maria.id),
                kind: 'marketing',
                version: null,
                granted: true,
              });
            },
          },
        ]
      : []),
  ];
}

/** When Maria opted in to marketing e-mails: a while after her account opened. */
const DEMO_MARKETING_MONTHS_AGO = 20;
