import type { AppDeps } from '@/deps';
import type { DemoCalendar, DemoEvent } from '@/lib/demo-calendar';
import { listBanking } from '@/features/profile/index';
import { reviewDeposit, simulatePixPayment } from './back-office';
import { createPixDeposit, createTedDeposit } from './deposits';
import { payOut } from './payouts';
import { countDepositsOf, findUser, findUserByEmail, insertBankEntries } from './repository/index';
import { placeWithdrawal } from './withdrawals';

/** A small real PDF: the demo's TED receipts. */
const RECEIPT = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj ' +
    '4 0 obj<</Length 60>>stream\nBT /F1 12 Tf 20 100 Td (Comprovante de TED - demonstracao) Tj ET\nendstream endobj ' +
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const byEmail = (deps: AppDeps, email: string) => findUserByEmail(deps.database.db, email);

type Customer = NonNullable<Awaited<ReturnType<typeof byEmail>>>;

const ted = (deps: AppDeps, customer: Customer, amountCents: number, filename: string) =>
  createTedDeposit(deps, customer, amountCents, { filename, mimetype: 'application/pdf', data: RECEIPT });

async function paidPix(deps: AppDeps, customer: Customer, amountCents: number) {
  const deposit = await createPixDeposit(deps, customer, amountCents);
  await simulatePixPayment(deps, { id: deposit.deposit.id });
}

/** A Pix deposit of a demo customer, charged and paid by the embedded provider (other features' demo events). */
export async function paidPixForDemo(deps: AppDeps, userId: number, amountCents: number): Promise<void> {
  const customer = await findUser(deps.database.db, userId);
  if (!customer) throw new Error(`demo: no customer ${userId}`);
  await paidPix(deps, customer, amountCents);
}

/**
 * Maria's TED waiting for the operator (from her Itaú account, receipt attached to the deposit): her open support
 * ticket of today asks about it, with these figures.
 */
export const DEMO_TED_IN_REVIEW = { amountCents: 80_000, daysAgo: 2, hour: 16 } as const;

/**
 * Money for the demo accounts (`npm start`), made through the same code paths customers and operators use, each at
 * its date in the demo's history (lib/demo-calendar.ts): the accounts open with Pix deposits paid by the embedded
 * provider, a TED approved by the operator a year ago, and over the last weeks a TED refused, one waiting, withdrawals
 * paid and waiting; now, a Pix charge waiting for each customer. Every screen and history tab of money shows real
 * rows on first start. Runs once: a demo customer who already has deposits is left as it is.
 */
export async function moneyDemoEvents(deps: AppDeps, calendar: DemoCalendar): Promise<DemoEvent[]> {
  const db = deps.database.db;
  const maria = await byEmail(deps, 'cliente@prata.dev');
  const empresa = await byEmail(deps, 'empresa@prata.dev');
  const operator = await byEmail(deps, 'operador@prata.dev');
  if (!maria || !empresa || !operator) return [];
  if ((await countDepositsOf(db, [maria.id, empresa.id])) > 0) return [];
  const reviewer = { userId: operator.id, ip: '127.0.0.1' };
  const { monthsAgo, daysAgo } = calendar;
  const sent = new Map<string, number>();

  return [
    // the company's R$ 20.000,00 arrives in two Pix: one deposit may be at most DEPOSIT_MAX_AMOUNT (R$ 10.000,00)
    { at: monthsAgo(24, 2, 10), what: 'o primeiro Pix da Maria', run: () => paidPix(deps, maria, 500_000) },
    { at: monthsAgo(24, 2, 11), what: 'o primeiro Pix da empresa', run: () => paidPix(deps, empresa, 1_000_000) },
    {
      at: monthsAgo(24, 2, 12),
      what: 'as contas bancárias',
      run: () =>
        insertBankEntries(db, [
          { userId: maria.id, type: 'pix', keyType: 'cpf', key: maria.cpf },
          {
            userId: maria.id,
            type: 'account',
            accountType: 'checking',
            bankNumber: '341',
            branchNumber: '1234',
            accountNumber: '567890',
          },
          { userId: empresa.id, type: 'pix', keyType: 'cnpj', key: '11222333000181' },
        ]),
    },
    { at: monthsAgo(24, 3, 11), what: 'o segundo Pix da empresa', run: () => paidPix(deps, empresa, 1_000_000) },
    {
      at: monthsAgo(12, 10, 14),
      what: 'a TED da Maria',
      run: async () => void sent.set('approved', (await ted(deps, maria, 150_000, 'comprovante-ted.pdf')).deposit.id),
    },
    {
      at: monthsAgo(12, 10, 16, 30),
      what: 'a TED da Maria aprovada',
      run: async () => void (await reviewDeposit(deps, sent.get('approved')!, { decision: 'approve' }, reviewer)),
    },
    {
      at: daysAgo(12, 9, 40),
      what: 'a retirada por Pix da Maria',
      run: async () => void (await placeWithdrawal(deps, maria, (await listBanking(db, maria.id))[0]!, 30_000)),
    },
    {
      at: daysAgo(10, 15, 20),
      what: 'a TED recusada da Maria',
      run: async () => void sent.set('refused', (await ted(deps, maria, 40_000, 'comprovante-2.pdf')).deposit.id),
    },
    {
      at: daysAgo(9, 11),
      what: 'a TED da Maria recusada',
      run: async () =>
        void (await reviewDeposit(
          deps,
          sent.get('refused')!,
          {
            decision: 'reject',
            reason: 'A transferência não foi localizada na conta da Prata. Envie o comprovante correto.',
          },
          reviewer,
        )),
    },
    {
      at: daysAgo(7, 10, 5),
      what: 'a retirada da empresa',
      run: async () => {
        const placed = await placeWithdrawal(deps, empresa, (await listBanking(db, empresa.id))[0]!, 150_000);
        sent.set('withdrawal', placed.withdrawal.id);
      },
    },
    {
      at: daysAgo(7, 14, 30),
      what: 'a retirada da empresa paga',
      run: async () => void (await payOut(deps, sent.get('withdrawal')!, reviewer)),
    },
    {
      at: daysAgo(DEMO_TED_IN_REVIEW.daysAgo, DEMO_TED_IN_REVIEW.hour),
      what: 'a TED em análise',
      run: async () => void (await ted(deps, maria, DEMO_TED_IN_REVIEW.amountCents, 'comprovante.pdf')),
    },
    {
      at: daysAgo(1, 18, 15),
      what: 'a retirada da Maria em análise',
      run: async () => void (await placeWithdrawal(deps, maria, (await listBanking(db, maria.id))[1]!, 20_000)),
    },
    // charges waiting for their Pix: they expire minutes after they are made, so they are made now
    { at: null, what: 'o Pix pendente da Maria', run: async () => void (await createPixDeposit(deps, maria, 25_000)) },
    {
      at: null,
      what: 'o Pix pendente da empresa',
      run: async () => void (await createPixDeposit(deps, empresa, 100_000)),
    },
  ];
}
