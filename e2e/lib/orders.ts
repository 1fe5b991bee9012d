/**
 * Helpers of the order-book journeys (orders, backoffice-market): approved customers with money and silver made
 * through the API, orders placed through the API, the figures of the orders screen and of the drawer read as integers
 * (centavos and centigrams, never floats).
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { apiCall, apiLogin, createAccount, idempotentCall, receiveDevPix } from './api';
import { openAccountDrawer } from './flows';
import { completeIndividualRegistration, randomCpf } from './meus-dados';
import { click, expectHidden, expectVisible, normalizeSpace, visible } from './ui';
import { eventually } from './wait';

// ---------------------------------------------------------------- figures

/** 'R$ 1.234,56' (or '-R$ 5,00', or '1.234,56') → 123456 centavos. */
export function centsOf(text: string): number {
  const match = normalizeSpace(text).match(/(-?)\s*(?:R\$\s*)?(\d{1,3}(?:\.\d{3})*|\d+),(\d{2})/);
  assert.ok(match, `no amount in '${text}'`);
  const value = Number(match[2]!.replace(/\./g, '')) * 100 + Number(match[3]);
  return match[1] === '-' ? -value : value;
}

/** '12,34 g' → 1234 centigrams. */
const centigramsOf = (text: string) => centsOf(text);

/** 123456 → 'R$ 1.234,56', as the screens print centavos. */
export function centsText(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}R$ ${whole},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** 1234 → '12,34 g' */
export const centigramsText = (centigrams: number) => `${centsText(centigrams).replace('R$ ', '')} g`;

// ---------------------------------------------------------------- through the API

type Person = { name: string; email: string };

/** Adds reais to a customer's balance: a Pix deposit, paid at once by the embedded provider. */
export async function fundWithPix(token: string, reais: number): Promise<void> {
  const { deposit } = await idempotentCall<{ deposit: { asaas_payment_id: string | null } }>(
    'POST',
    '/deposit/pix',
    { amount: reais.toFixed(2) },
    token,
  );
  assert.ok(deposit.asaas_payment_id, 'a Pix deposit has its payment id');
  await receiveDevPix(deposit.asaas_payment_id);
}

/**
 * A fresh individual customer, registered, approved by the operator (`operatorToken`) and with `reais` of money:
 * everything through the API. Returns the account's id and a session token (one sign-in code, spent here).
 */
export async function approvedCustomer(
  person: Person,
  operatorToken: string,
  reais: number,
): Promise<{ id: number; token: string }> {
  const account = await createAccount({ name: person.name, email: person.email });
  const token = await apiLogin(account.email, account.password);
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  await completeIndividualRegistration(token, {
    name: person.name,
    cpf: randomCpf(),
    nascimento: '1984-03-12',
    celular: `119${digits}`,
  });
  await apiCall('POST', `/admin/customers/${account.id}/review`, { decision: 'approve' }, operatorToken);
  if (reais > 0) await fundWithPix(token, reais);
  return { id: account.id, token };
}

export type Side = 'buy' | 'sell';

type Quote = { available: boolean; price_per_gram: number; total: number; allowed: boolean };

/** GET /api/orders/quote/{side}/{grams}: a market order's summary now (the reader's own orders skipped). */
export function quote(token: string, side: Side, grams: number): Promise<Quote> {
  return apiCall<Quote>('GET', `/orders/quote/${side}/${grams.toFixed(2)}`, undefined, token);
}

/** A market order through the API, with the quote's total as the summary the customer saw. */
export async function marketOrder(token: string, side: Side, grams: number): Promise<{ order: { id: number } }> {
  const q = await quote(token, side, grams);
  assert.ok(q.available && q.allowed, `the book can fill a market ${side} of ${grams} g: ${JSON.stringify(q)}`);
  return idempotentCall(
    'POST',
    `/order/${side}`,
    { mode: 'market', quantity_grams: grams, total_amount: q.total },
    token,
  );
}

/** The market's rates as GET /api/admin/market gives them (percent, percent, reais). */
export type MarketRates = { transaction_fee: number; iof_fee: number; minimum_fee: number };

export function marketOverview<T extends MarketRates>(operatorToken: string): Promise<T> {
  return apiCall<T>('GET', '/admin/market', undefined, operatorToken);
}

/** PUT /api/admin/market/settings */
export async function setMarketRates(operatorToken: string, rates: MarketRates): Promise<void> {
  await apiCall('PUT', '/admin/market/settings', rates, operatorToken);
}

// ---------------------------------------------------------------- the orders screen

/** A tab of /ordens ('Quero comprar', 'Quero vender', 'Minhas ordens'), clicked and waited for. */
export async function openOrdersTab(page: Page, name: 'Quero comprar' | 'Quero vender' | 'Minhas ordens') {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
  await tab.click();
  await eventually(async () => assert.equal(await tab.getAttribute('aria-selected'), 'true', `the tab ${name}`));
}

/** The form of a side: 'Nova ordem de compra' or 'Nova ordem de venda'. */
export const orderForm = (page: Page, side: Side) =>
  page.getByRole('form', { name: side === 'buy' ? 'Nova ordem de compra' : 'Nova ordem de venda' });

/** An order's live summary (or the take dialog's 'Resumo da oferta'), as one line of text. */
async function summaryText(scope: Page | Locator, name = 'Resumo da ordem'): Promise<string> {
  const summary = visible(scope.getByRole('region', { name }));
  await expectVisible(summary, `the summary '${name}'`);
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps label and value apart
  return normalizeSpace(await summary.innerText());
}

/** Waits until the summary holds every part (the summary follows the fields 300 ms after typing stops). */
export async function expectSummary(scope: Page | Locator, parts: string[], name = 'Resumo da ordem') {
  await eventually(async () => {
    const text = await summaryText(scope, name);
    for (const part of parts) assert.ok(text.includes(part), `'${part}' in the summary: ${text}`);
  });
}

/**
 * A list of the orders screen by its name ('Ofertas de venda', 'Ordens pendentes', 'Ordens realizadas'...): a table
 * on wider screens, a list of cards on phones.
 */
export function ordersList(page: Page, name: string): Locator {
  return visible(page.getByRole('table', { name }).or(page.getByRole('list', { name })));
}

/** The rows (table rows or cards) of such a list that show every part. */
export function rowsWith(list: Locator, parts: string[]): Locator {
  let rows = list.locator(':scope > tbody > tr, :scope > li');
  for (const part of parts) rows = rows.filter({ hasText: part });
  return rows;
}

/** Waits until exactly one row of the list shows every part, and returns it. */
export async function expectOneRow(list: Locator, parts: string[]): Promise<Locator> {
  const rows = rowsWith(list, parts);
  await eventually(async () => assert.equal(await rows.count(), 1, `one row with ${parts.join(' · ')}`));
  return rows.first();
}

// ---------------------------------------------------------------- the drawer's balances

export type Balances = { cents: number; centigrams: number };

async function readDrawer(drawer: Locator): Promise<Balances> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps label and value apart
  const text = normalizeSpace(await drawer.innerText());
  const brl = text.match(/Saldo em reais (R\$ [\d.]+,\d{2})/);
  const grams = text.match(/Saldo em prata ([\d.]+,\d{2}) g/);
  assert.ok(brl && grams, `the drawer shows both balances: ${text}`);
  return { cents: centsOf(brl[1]!), centigrams: centigramsOf(grams[1]!) };
}

/** Phones: the temporary drawer is closed again (Escape), so the page behind it can be used. */
async function closeDrawer(page: Page, drawer: Locator): Promise<void> {
  if ((page.viewportSize()?.width ?? 1366) >= 900) return;
  await page.keyboard.press('Escape');
  await expectHidden(drawer, 'the drawer closes');
}

/**
 * The drawer's balances (opened with the menu button on phones, and closed again). With `expected`, waits until the
 * drawer shows them (the balances follow trades without a reload).
 */
export async function drawerBalances(page: Page, expected?: Balances): Promise<Balances> {
  const drawer = await openAccountDrawer(page);
  try {
    return await eventually(async () => {
      const seen = await readDrawer(drawer);
      if (expected) {
        assert.deepEqual(
          [centsText(seen.cents), centigramsText(seen.centigrams)],
          [centsText(expected.cents), centigramsText(expected.centigrams)],
          'the drawer balances',
        );
      }
      return seen;
    });
  } finally {
    await closeDrawer(page, drawer);
  }
}

/** Confirms a dialog (its confirm button) and waits for it to close. */
export async function confirmDialog(dialog: Locator, button: string): Promise<void> {
  await click(dialog, 'button', button);
  await expectHidden(dialog, 'the dialog closes');
}
