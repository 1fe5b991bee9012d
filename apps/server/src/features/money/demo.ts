import type { AppDeps } from '../../deps';
import { post } from '../../ledger/index';
import { listBanking } from '../profile/index';
import { reviewDeposit, simulatePixPayment } from './back-office';
import { createPixDeposit, createTedDeposit } from './deposits';
import { payOut } from './payouts';
import { countDepositsOf, findUserByEmail, insertBankEntries } from './repository/index';
import { placeWithdrawal } from './withdrawals';

/** A small real PDF: the demo's TED receipts. */
const RECEIPT = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj ' +
    '4 0 obj<</Length 60>>stream\nBT /F1 12 Tf 20 100 Td (Comprovante de TED - demonstracao) Tj ET\nendstream endobj ' +
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const byEmail = (deps: AppDeps, email: string) => findUserByEmail(deps.database.db, email);

/**
 * Money for the demo accounts (`npm start`), made through the same code paths customers and operators use: Pix
 * deposits paid by the embedded provider, TED deposits approved by the operator, withdrawals paid and waiting, grams
 * in custody. Every screen and history tab of money shows real rows on first start. Runs once: a demo customer who
 * already has deposits is left as it is.
 */
export async function seedMoneyDemo(deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const maria = await byEmail(deps, 'cliente@prata.dev');
  const empresa = await byEmail(deps, 'empresa@prata.dev');
  const operator = await byEmail(deps, 'operador@prata.dev');
  if (!maria || !empresa || !operator) return;
  if ((await countDepositsOf(db, [maria.id, empresa.id])) > 0) return;
  const reviewer = { userId: operator.id, ip: '127.0.0.1' };

  // the company's R$ 20.000,00 arrives in two Pix: one deposit may be at most DEPOSIT_MAX_AMOUNT (R$ 10.000,00)
  for (const [customer, paid, ted, pending] of [
    [maria, [500_000], 150_000, 25_000],
    [empresa, [1_000_000, 1_000_000], 0, 100_000],
  ] as const) {
    for (const amount of paid) {
      const deposit = await createPixDeposit(deps, customer, amount);
      await simulatePixPayment(deps, { id: deposit.deposit.id });
    }
    if (ted > 0) {
      const sent = await createTedDeposit(deps, customer, ted, {
        filename: 'comprovante-ted.pdf',
        mimetype: 'application/pdf',
        data: RECEIPT,
      });
      await reviewDeposit(deps, sent.deposit.id, { decision: 'approve' }, reviewer);
    }
    await createPixDeposit(deps, customer, pending);
  }
  // a TED waiting for the operator, and one refused
  await createTedDeposit(deps, maria, 80_000, {
    filename: 'comprovante.pdf',
    mimetype: 'application/pdf',
    data: RECEIPT,
  });
  const refused = await createTedDeposit(deps, maria, 40_000, {
    filename: 'comprovante-2.pdf',
    mimetype: 'application/pdf',
    data: RECEIPT,
  });
  await reviewDeposit(
    deps,
    refused.deposit.id,
    {
      decision: 'reject',
      reason: 'A transferência não foi localizada na conta da Prata. Envie o comprovante correto.',
    },
    reviewer,
  );

  // silver in custody: grams the customers hold (as if bought before)
  for (const [customer, centigrams] of [
    [maria, 12_550],
    [empresa, 250_000],
  ] as const) {
    await post(db, {
      id: `demo:custody:${customer.id}`,
      debit: { system: 'vault' },
      credit: { customer: customer.id, bucket: 'available' },
      currency: 'AG',
      amount: centigrams,
      code: 'demo.custody',
    });
  }

  // bank entries and withdrawals: one paid at once (CPF key), one waiting for the operator (bank account)
  await insertBankEntries(db, [
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
  ]);
  const [cpfKey, account] = await listBanking(db, maria.id);
  await placeWithdrawal(deps, maria, cpfKey!, 30_000);
  await placeWithdrawal(deps, maria, account!, 20_000);
  const [companyKey] = await listBanking(db, empresa.id);
  const placed = await placeWithdrawal(deps, empresa, companyKey!, 150_000);
  await payOut(deps, placed.withdrawal.id, reviewer);
}
