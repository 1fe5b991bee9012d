/**
 * Journey: what a screen reader gets, read from Chromium's accessibility tree through CDP
 * (`Accessibility.getFullAXTree`), not from the DOM: /ordens' chart has a named figure and a table of the last prices,
 * the book's table has column headers, the live price is one polite atomic status region (the ticking figure outside
 * any live region) that says the new best price once the book moves; on /adicionar-dinheiro/pix an empty submit
 * leaves the amount invalid, described by its error and focused; the Pix dialog's QR code is named with its amount,
 * the "copia e cola" text and its copy button follow it, and the payment is told through an alert. Reduced motion is
 * asked for, as in the keyboard journeys.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiLogin, idempotentCall, receiveDevPix } from '../lib/api';
import { DESKTOP, launchBrowser, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../lib/env';
import { brlText } from '../lib/money';
import { approvedCustomer } from '../lib/orders';
import { byRole, click, expectVisible, typeMasked } from '../lib/ui';
import { eventually } from '../lib/wait';

type AXValue = { type: string; value?: unknown };
type AXNode = {
  nodeId: string;
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  description?: AXValue;
  value?: AXValue;
  properties?: Array<{ name: string; value: AXValue }>;
  parentId?: string;
  childIds?: string[];
};

/** The page's accessibility tree as Chromium gives it to screen readers (ignored nodes left out). */
class AXTree {
  private readonly byId: Map<string, AXNode>;
  constructor(readonly nodes: AXNode[]) {
    this.byId = new Map(nodes.map((node) => [node.nodeId, node]));
  }

  static async of(page: Page): Promise<AXTree> {
    const cdp = await page.context().newCDPSession(page);
    try {
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
      return new AXTree(nodes);
    } finally {
      await cdp.detach();
    }
  }

  /** The nodes of `role` whose name matches, in tree order. */
  all(role: string, name?: string | RegExp, within?: AXNode): AXNode[] {
    const pool = within ? this.descendants(within) : this.nodes.filter((node) => !node.ignored);
    return pool.filter(
      (node) =>
        roleOf(node) === role &&
        (name === undefined || (typeof name === 'string' ? nameOf(node) === name : name.test(nameOf(node)))),
    );
  }

  one(role: string, name?: string | RegExp, within?: AXNode): AXNode {
    const found = this.all(role, name, within);
    assert.equal(found.length, 1, `one ${role} named ${String(name)}: ${found.map(nameOf).join(' | ') || 'none'}`);
    return found[0]!;
  }

  descendants(node: AXNode): AXNode[] {
    const out: AXNode[] = [];
    const walk = (id: string) => {
      const child = this.byId.get(id);
      if (!child) return;
      if (!child.ignored) out.push(child);
      for (const next of child.childIds ?? []) walk(next);
    };
    for (const id of node.childIds ?? []) walk(id);
    return out;
  }

  /** What a screen reader reads inside a node: its text leaves, joined. */
  text(node: AXNode): string {
    return this.descendants(node)
      .filter((child) => roleOf(child) === 'StaticText')
      .map(nameOf)
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
  }

  ancestors(node: AXNode): AXNode[] {
    const out: AXNode[] = [];
    for (let id = node.parentId; id; id = this.byId.get(id)?.parentId) {
      const parent = this.byId.get(id);
      if (parent) out.push(parent);
    }
    return out;
  }
}

const roleOf = (node: AXNode) => String(node.role?.value ?? '');
/** A node's name as spoken: MUI's icon slots leave a zero-width space in front of a button's text ('\u200B Copiar'). */
const nameOf = (node: AXNode) =>
  String(node.name?.value ?? '')
    .replace(/\u200B/g, '')
    .trim();
const prop = (node: AXNode, name: string) => node.properties?.find((p) => p.name === name)?.value.value;
/** A live region's politeness: its own 'live' property (Chromium also marks the nodes inside a region). */
const liveOf = (node: AXNode) => String(prop(node, 'live') ?? 'off');

type BookOrder = { id: number; price_per_gram: number };
type Book = { ordersToBuy: BookOrder[]; ordersToSell: BookOrder[] };

describe('Leitor de tela: a árvore de acessibilidade do Chromium', () => {
  let browser: Browser;
  let token: string;

  before(async () => {
    browser = await launchBrowser();
    const operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
    const email = uniqueEmail('leitor');
    ({ token } = await approvedCustomer({ name: 'Lia Leitora Prado', email }, operatorToken, 100));
  });
  after(async () => {
    await browser?.close();
  });

  it('/ordens: o gráfico tem texto, a tabela tem cabeçalhos, o preço ao vivo é educado', {
    timeout: 90_000,
  }, async () => {
    await withPage(
      browser,
      { viewport: DESKTOP, name: 'screen-reader-ordens', reducedMotion: true, token },
      async (page) => {
        await page.goto('/ordens');
        await expectVisible(page.getByRole('table', { name: 'Ofertas de venda' }));
        await expectVisible(page.getByRole('region', { name: 'Preço da prata' }).getByRole('figure'));
        const tree = await eventually(async () => {
          const t = await AXTree.of(page);
          t.one('figure', /^Gráfico do preço por grama nas últimas 24 horas: mínimo de R\$ [\d.]+,\d\d e máximo/);
          return t;
        });

        // the chart's alternative: the last prices, as a table with its headers, newest first
        const chartRegion = tree.one('region', 'Preço da prata');
        const prices = tree.one('table', /^Últimos preços/, chartRegion);
        assert.deepEqual(tree.all('columnheader', undefined, prices).map(nameOf), ['Data e hora', 'Preço por grama']);
        const priceRows = tree.all('row', undefined, prices).slice(1);
        assert.ok(priceRows.length > 0, 'the demo has trades today');
        for (const row of priceRows) {
          assert.match(tree.text(row), /^\d\d\/\d\d\/\d{4} \d\d:\d\dR\$ [\d.]+,\d\d$/, 'a date and a price in reais');
          assert.equal(tree.all('rowheader', undefined, row).length, 1, 'each row is headed by its time');
        }

        // the book: a table whose columns have headers
        const book = tree.one('table', 'Ofertas de venda');
        assert.deepEqual(tree.all('columnheader', undefined, book).map(nameOf), [
          'Preço por grama',
          'Quantidade',
          'Total',
          'Ações',
        ]);

        // the live price: one polite, atomic status region, silent on arrival; the headline figure outside any region
        const regions = tree.all('status').filter((node) => liveOf(node) === 'polite' && prop(node, 'atomic') === true);
        assert.equal(regions.length, 1, 'one polite atomic status region');
        assert.equal(tree.text(regions[0]!), '', 'nothing said for the price already on screen');
        const headline = tree
          .descendants(chartRegion)
          .find((node) => roleOf(node) === 'StaticText' && /^R\$ [\d.]+,\d\d$/.test(nameOf(node)));
        assert.ok(headline, 'the last price is on screen');
        assert.ok(
          [headline, ...tree.ancestors(headline)].every(
            (node) => liveOf(node) === 'off' || roleOf(node) === 'RootWebArea',
          ),
          'the ticking price is inside no live region',
        );

        // the book moves (a buy inside the spread): the region says the new best price, as money, once
        const current = await apiCall<Book>('GET', '/orders', undefined, token);
        const ask = current.ordersToBuy[0]?.price_per_gram;
        const bid = current.ordersToSell[0]?.price_per_gram ?? 1;
        const priceCents = Math.round(bid * 100) + 1;
        assert.ok(ask === undefined || priceCents < Math.round(ask * 100), `room inside the spread ${bid}–${ask}`);
        const price = priceCents / 100;
        // a buy may not cost more than the total sent: a generous bound, the server holds the exact cost
        const placed = await idempotentCall<{ order: { id: number } }>(
          'POST',
          '/order/buy',
          {
            mode: 'limit',
            price_per_gram: price.toFixed(2),
            quantity_grams: '1.00',
            total_amount: (price + 20).toFixed(2),
          },
          token,
        );
        try {
          await eventually(
            async () => {
              const now = await AXTree.of(page);
              const region = now
                .all('status')
                .find((node) => liveOf(node) === 'polite' && prop(node, 'atomic') === true);
              assert.ok(region, 'the region is still there');
              const said = now.text(region);
              assert.match(said, /^(Último preço: R\$ [\d.]+,\d\d por grama\.|Ainda não houve negócios\.)/, said);
              assert.ok(said.endsWith(`Para vender, até ${brlText(price)}.`), said);
            },
            { timeoutMs: 15_000, intervalMs: 250 },
          );
        } finally {
          // the limit buy cancelled (a non-2xx answer throws)
          await idempotentCall('DELETE', `/order/${placed.order.id}`, undefined, token);
        }
      },
    );
  });

  it('Pix: o erro é a descrição do campo; QR Code com nome, copia e cola ao lado, pagamento anunciado', {
    timeout: 90_000,
  }, async () => {
    await withPage(
      browser,
      { viewport: DESKTOP, name: 'screen-reader-pix', reducedMotion: true, token },
      async (page) => {
        await page.goto('/adicionar-dinheiro/pix');
        await expectVisible(byRole(page, 'heading', 'Adicionar por Pix'));

        // an empty submit: the field is invalid, its error is its description, and the focus is on it
        await click(page, 'button', 'Criar QR Code');
        await eventually(async () => {
          const tree = await AXTree.of(page);
          const amount = tree.one('textbox', 'Valor do depósito');
          assert.equal(prop(amount, 'invalid'), 'true');
          assert.equal(amount.description?.value, 'Informe um valor para o depósito');
          assert.equal(prop(amount, 'focused'), true, 'the focus moved to the invalid field');
        });

        await typeMasked(page, 'Valor do depósito', '150,00');
        await click(page, 'button', 'Criar QR Code');
        const dialog = page.getByRole('dialog', { name: 'Pague com Pix' });
        await expectVisible(dialog.getByRole('img'));
        await eventually(async () => {
          const tree = await AXTree.of(page);
          const box = tree.one('dialog', 'Pague com Pix');
          const inside = tree.descendants(box);
          const qr = tree.one('image', 'QR Code do Pix de R$ 150,00', box);
          const code = tree.one('textbox', 'Pix copia e cola', box);
          assert.match(String(code.value?.value ?? ''), /^000201/, 'the BR Code as text, readable and selectable');
          const copy = tree.one('button', 'Copiar código', box);
          assert.ok(
            inside.indexOf(qr) < inside.indexOf(code) && inside.indexOf(code) < inside.indexOf(copy),
            'in order',
          );
          // the dialog's countdown has a polite status of its own (silent until a milestone): find the wait's
          const waiting = tree
            .all('status', undefined, box)
            .find((node) => liveOf(node) === 'polite' && /^Aguardando o pagamento/.test(tree.text(node)));
          assert.ok(waiting, 'the wait is a polite status');
        });

        // the embedded provider receives the Pix: the dialog closes and the outcome is an alert
        const list = await apiCall<{ deposits: { data: Array<{ asaas_payment_id: string | null; amount: number }> } }>(
          'GET',
          '/deposits?page=1',
          undefined,
          token,
        );
        const deposit = list.deposits.data.find((d) => d.amount === 150);
        assert.ok(deposit?.asaas_payment_id, 'the Pix deposit has its payment id');
        await receiveDevPix(deposit.asaas_payment_id);
        await eventually(
          async () => {
            const tree = await AXTree.of(page);
            assert.equal(tree.all('dialog', 'Pague com Pix').length, 0, 'the dialog closed');
            const alert = tree.all('alert').find((node) => tree.text(node).includes('Pix de R$ 150,00 recebido'));
            assert.ok(alert, 'the payment is announced by an alert');
            assert.equal(liveOf(alert), 'assertive');
          },
          { timeoutMs: 20_000, intervalMs: 250 },
        );
      },
    );
  });
});
