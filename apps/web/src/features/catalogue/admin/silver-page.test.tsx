// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { type AdminCoupon, type AdminProductType, type AdminSilverWithdrawal, MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, notify } from '@/lib/notify';
import { answerFrom, callsTo, jsonResponse, renderRoute, type RouteTable } from '@/testing/render';
import { SilverPage } from './silver-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  notify.close();
});

const paid: AdminSilverWithdrawal = {
  id: 5,
  kind: 'purchase',
  status: 'paid',
  status_label: 'Pago',
  created_at: '2026-03-01T12:00:00.000Z',
  items: [
    { product_type_id: 1, name: 'Barra 100 g', quantity: 2, quantity_grams: 200 },
    { product_type_id: 2, name: 'Barra 31,1 g', quantity: 1, quantity_grams: 31.1 },
  ],
  quantity_grams: 231.1,
  rejection_reason: null,
  tracking_code: null,
  payment_method: 'pix',
  total: 2345.67,
  expires_at: null,
  cancellable: false,
  buyer: { customer_id: null, name: 'Bruna Visitante', email: 'bruna@exemplo.com', cpf: '39053344705', celular: null },
  address: {
    cep: '01310100',
    city_id: 3550308,
    city: 'São Paulo',
    state: 'SP',
    neighborhood: 'Bela Vista',
    street: 'Avenida Paulista',
    number: '1000',
    unit: 'ap. 12',
    other_info: null,
  },
  shipping: { Carrier: 'Correios', ServiceCode: 'SEDEX', ServiceDescription: 'SEDEX', DeliveryTime: 3 },
  coupon_code: 'PRATA10',
  charges: {
    silver_value: 2000,
    minting_fee: 100,
    shipping_fee: 45.9,
    insurance_fee: 10,
    icms: 150,
    difal: 0,
    pis: 20,
    cofins: 19.77,
    discount: 15.59,
    total: 2345.67,
  },
  paid_at: '2026-03-01T12:10:00.000Z',
  sent_at: null,
  delivered_at: null,
  refunded_at: null,
  refund_pending: false,
};
const sent: AdminSilverWithdrawal = {
  ...paid,
  id: 6,
  status: 'sent',
  status_label: 'Enviado',
  tracking_code: 'AA123456789BR',
  payment_method: 'balance',
  kind: 'custody',
  buyer: { customer_id: 9, name: 'Carlos Cliente', email: 'carlos@exemplo.com', cpf: null, celular: null },
  sent_at: '2026-03-02T10:00:00.000Z',
};
const page = (data: AdminSilverWithdrawal[]) => jsonResponse(200, { data, total: data.length, per_page: 25 });

const product: AdminProductType = {
  id: 1,
  name: 'Barra 100 g',
  description: 'Barra de prata 999.',
  price: 812.34,
  images: [{ path: '/api/catalogue/images/bar-100g.png' }],
  grams_per_unit: 100,
  icon: null,
  availability: 'in_stock',
  stock: 7,
  active: true,
  minting_fee: 25,
  insurance_rate: 0.5,
  pis_rate: 0.65,
  cofins_rate: 3,
  position: 1,
};
const stock = {
  products: [
    { id: 1, name: 'Barra 100 g', grams_per_unit: 100, stock: 7, to_ship: 2, availability: 'in_stock' as const },
  ],
  house_available_grams: 5000,
  house_held_grams: 231.1,
};
const coupon: AdminCoupon = {
  id: 3,
  code: 'PRATA10',
  transaction_fee: 0.25,
  discount_percent: 10,
  valid_from: null,
  valid_until: '2026-12-31T23:59:00.000Z',
  max_uses: 100,
  uses: 4,
  active: true,
};
const settings = {
  origin_state: 'SP',
  pix_expiry_minutes: 30,
  icms: [
    { state: 'RJ', internal_rate: 20, interstate_rate: 12 },
    { state: 'SP', internal_rate: 18, interstate_rate: 18 },
  ],
};

/** Routes the calls by method and path (query included); anything else is a 404. */
const api = (routes: RouteTable) => answerFrom(fetchMock, routes);
const calls = (key: string) => callsTo(fetchMock, key);
const body = (key: string, index = 0) => JSON.parse(String(calls(key)[index]![1]?.body));
const LONG = { timeout: 5000 };
const waitLong = <T,>(check: () => T) => vi.waitFor(check, LONG);
const typeInto = (field: HTMLElement, text: string) => fireEvent.input(field, { target: { value: text } });
/** A masked field (react-imask) takes its value from the input event, react-hook-form from the change. */
const typeMoment = (field: HTMLElement, text: string) => {
  fireEvent.input(field, { target: { value: text } });
  fireEvent.change(field, { target: { value: text } });
};

const QUEUE = 'GET /api/admin/silver-withdrawals?status=paid&page=1';

describe('Prata física', { timeout: 40_000 }, () => {
  it('Envios: a paid order shows its buyer, items, grams, address, shipping, payment and dates', async () => {
    api({ [QUEUE]: () => page([paid]) });
    renderRoute(<SilverPage />, { path: '/admin/prata' });
    const table = await screen.findByRole('table', { name: 'Pedidos de prata: A enviar (pagos)' }, LONG);
    const row = (await within(table).findByText('Bruna Visitante', {}, LONG)).closest('tr')!;
    const text = row.textContent!;
    for (const part of [
      'Visitante',
      'bruna@exemplo.com',
      '2 × Barra 100 g',
      '1 × Barra 31,1 g',
      '231,10 g',
      'Avenida Paulista, 1000 – ap. 12',
      'São Paulo/SP · CEP 01310-100',
      'Correios · SEDEX',
      '(3 dias úteis)',
      'R$ 2.345,67',
      'Pix',
      'Cupom PRATA10',
      'Pago 01/03/2026 09:10',
    ]) {
      expect(text).toContain(part);
    }
    expect(within(row).getByRole('button', { name: 'Marcar enviado o pedido nº 5' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Recusar o pedido nº 5' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Marcar entregue/ })).toBeNull();
  });

  it('marking sent requires the tracking code, then posts it and reads the queue again', async () => {
    let queue = [paid];
    api({
      [QUEUE]: () => page(queue),
      'POST /api/admin/silver-withdrawals/5/sent': () => {
        queue = [];
        return jsonResponse(200, {
          silverWithdrawal: { ...paid, status: 'sent', tracking_code: 'AB987654321BR' },
          message: MESSAGES.silverWithdrawalSent,
        });
      },
    });
    renderRoute(<SilverPage />, { path: '/admin/prata' });
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar enviado o pedido nº 5' }, LONG));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como enviado' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar envio' }));
    expect(await within(dialog).findByText(MESSAGES.trackingCodeRequired)).toBeTruthy();
    expect(calls('POST /api/admin/silver-withdrawals/5/sent')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Código de rastreio/ }), {
      target: { value: ' AB987654321BR ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar envio' }));
    await waitLong(() => expect(calls('POST /api/admin/silver-withdrawals/5/sent')).toHaveLength(1));
    expect(body('POST /api/admin/silver-withdrawals/5/sent')).toEqual({ tracking_code: 'AB987654321BR' });
    // a lost answer retried by the browser runs once: the move carries an Idempotency-Key
    const headers = new Headers(calls('POST /api/admin/silver-withdrawals/5/sent')[0]![1]?.headers);
    expect(headers.get('Idempotency-Key')).toMatch(/^[\w-]{16,}$/);
    await waitLong(() => expect(getNotice()?.message).toBe(MESSAGES.silverWithdrawalSent));
    expect(await screen.findByText('Nenhum pedido esperando envio.', {}, LONG)).toBeTruthy();
    expect(calls(QUEUE).length).toBeGreaterThanOrEqual(2);
  });

  it('rejecting explains the refund, requires the reason, posts it, and shows a refusal of the server', async () => {
    api({
      [QUEUE]: () => page([paid]),
      'POST /api/admin/silver-withdrawals/5/reject': () =>
        jsonResponse(409, { code: 'SILVER_WITHDRAWAL_NOT_OPEN', message: MESSAGES.silverWithdrawalNotOpen }),
    });
    renderRoute(<SilverPage />, { path: '/admin/prata' });
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar o pedido nº 5' }, LONG));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar o pedido?' });
    expect(dialog.textContent).toContain('O Pix de R$ 2.345,67 é estornado no razão e devolvido a Bruna Visitante');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar e reembolsar' }));
    expect(await within(dialog).findByText(MESSAGES.reasonRequired)).toBeTruthy();
    expect(calls('POST /api/admin/silver-withdrawals/5/reject')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Endereço fora da área atendida' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar e reembolsar' }));
    await waitLong(() => expect(calls('POST /api/admin/silver-withdrawals/5/reject')).toHaveLength(1));
    expect(body('POST /api/admin/silver-withdrawals/5/reject')).toEqual({ reason: 'Endereço fora da área atendida' });
    await waitLong(() => expect(getNotice()?.message).toBe(MESSAGES.silverWithdrawalNotOpen));
  });

  it('a sent order is marked delivered after a confirmation; the filter is in the URL', async () => {
    const SENT = 'GET /api/admin/silver-withdrawals?status=sent&page=1';
    api({
      [SENT]: () => page([sent]),
      'POST /api/admin/silver-withdrawals/6/delivered': () =>
        jsonResponse(200, {
          silverWithdrawal: { ...sent, status: 'delivered' },
          message: MESSAGES.silverWithdrawalDelivered,
        }),
    });
    renderRoute(<SilverPage />, { path: '/admin/prata', url: '/admin/prata?status=sent' });
    const row = (await screen.findByText('Carlos Cliente', {}, LONG)).closest('tr')!;
    expect(row.textContent).toContain('Rastreio: AA123456789BR');
    expect(row.textContent).toContain('Retirada da custódia');
    expect(within(row).queryByRole('button', { name: /Recusar/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Marcar entregue o pedido nº 6' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar a entrega?' });
    expect(calls('POST /api/admin/silver-withdrawals/6/delivered')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar entregue' }));
    await waitLong(() => expect(calls('POST /api/admin/silver-withdrawals/6/delivered')).toHaveLength(1));
    await waitLong(() => expect(getNotice()?.message).toBe(MESSAGES.silverWithdrawalDelivered));
  });

  it('Produtos: editing a product sends every field of the contract as numbers, and no stock', async () => {
    api({
      'GET /api/admin/silver-product-types': () => jsonResponse(200, { productTypes: [product] }),
      'GET /api/admin/silver-stock': () => jsonResponse(200, stock),
      'PUT /api/admin/silver-product-types/1': () =>
        jsonResponse(200, {
          productType: { ...product, name: 'Barra 100 g lisa' },
          message: MESSAGES.productTypeSaved,
        }),
    });
    renderRoute(<SilverPage />, { path: '/admin/prata', url: '/admin/prata?aba=produtos' });
    const table = await screen.findByRole('table', { name: 'Produtos' }, LONG);
    const row = (await within(table).findByText('Barra 100 g', {}, LONG)).closest('tr')!;
    expect(row.textContent).toContain('R$ 812,34');
    expect(row.textContent).toContain('7 unidades');
    expect(row.textContent).toContain('0,50% · 0,65% · 3,00%');
    expect(await screen.findByRole('region', { name: 'Prata livre da casa' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Prata livre da casa' }).textContent).toContain('5.000,00 g');

    fireEvent.click(within(row).getByRole('button', { name: 'Editar Barra 100 g' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Barra 100 g' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nome/ }), { target: { value: 'Barra 100 g lisa' } });
    typeInto(within(dialog).getByLabelText(/Cunhagem/), '30,50');
    typeInto(within(dialog).getByLabelText(/^COFINS/), '7,6');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar produto' }));
    await waitLong(() => expect(calls('PUT /api/admin/silver-product-types/1')).toHaveLength(1));
    expect(body('PUT /api/admin/silver-product-types/1')).toEqual({
      name: 'Barra 100 g lisa',
      description: 'Barra de prata 999.',
      grams_per_unit: 100,
      active: true,
      icon: null,
      images: ['/api/catalogue/images/bar-100g.png'],
      minting_fee: 30.5,
      insurance_rate: 0.5,
      pis_rate: 0.65,
      cofins_rate: 7.6,
      position: 1,
    });
    await waitLong(() => expect(getNotice()?.message).toBe(MESSAGES.productTypeSaved));
    await waitLong(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Produtos: the stock is adjusted by a delta, never below zero', async () => {
    api({
      'GET /api/admin/silver-product-types': () => jsonResponse(200, { productTypes: [product] }),
      'GET /api/admin/silver-stock': () => jsonResponse(200, stock),
      'POST /api/admin/silver-product-types/1/stock': () =>
        calls('POST /api/admin/silver-product-types/1/stock').length === 1
          ? jsonResponse(422, {
              code: 'STOCK_BELOW_ZERO',
              message: MESSAGES.stockBelowZero('Barra 100 g', 2),
              errors: { delta: [MESSAGES.stockBelowZero('Barra 100 g', 2)] },
            })
          : jsonResponse(200, {
              ...stock,
              products: [{ ...stock.products[0]!, stock: 0 }],
              message: MESSAGES.stockAdjusted('Barra 100 g', 0),
            }),
    });
    renderRoute(<SilverPage />, { path: '/admin/prata', url: '/admin/prata?aba=produtos' });
    fireEvent.click(await screen.findByRole('button', { name: 'Ajustar estoque de Barra 100 g' }, LONG));
    const dialog = await screen.findByRole('dialog', { name: 'Ajustar estoque' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Saída (−)' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Unidades/ }), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirar do estoque' }));
    expect(await within(dialog).findByText(/não dá para tirar mais que isso/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Unidades/ }), { target: { value: '3' } });
    expect(within(dialog).getByText('O estoque passa a 4 unidades.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirar do estoque' }));
    await waitLong(() => expect(calls('POST /api/admin/silver-product-types/1/stock')).toHaveLength(1));
    expect(body('POST /api/admin/silver-product-types/1/stock')).toEqual({ delta: -3 });
    // sales took units meanwhile: the server's answer stays under the field, the dialog open
    expect(await within(dialog).findByText(MESSAGES.stockBelowZero('Barra 100 g', 2), {}, LONG)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Unidades/ }), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirar do estoque' }));
    await waitLong(() => expect(calls('POST /api/admin/silver-product-types/1/stock')).toHaveLength(2));
    await waitLong(() => expect(getNotice()?.message).toBe(MESSAGES.stockAdjusted('Barra 100 g', 0)));
  });

  it('Produtos: an image is uploaded as multipart and added; removing one the server has deletes it', async () => {
    const uploaded = '/api/catalogue/images/uploads/0123456789abcdef0123456789abcdef.png';
    api({
      'GET /api/admin/silver-product-types': () => jsonResponse(200, { productTypes: [product] }),
      'GET /api/admin/silver-stock': () => jsonResponse(200, stock),
      'POST /api/admin/silver-product-types/1/images': () =>
        jsonResponse(201, {
          productType: { ...product, images: [...product.images, { path: uploaded }] },
          image: { path: uploaded },
          message: MESSAGES.productImageUploaded,
        }),
      [`DELETE /api/admin/silver-product-types/1/images?path=${encodeURIComponent('/api/catalogue/images/bar-100g.png')}`]:
        () => jsonResponse(200, { productType: { ...product, images: [] }, message: MESSAGES.productImageRemoved }),
      'PUT /api/admin/silver-product-types/1': () =>
        jsonResponse(200, { productType: product, message: MESSAGES.productTypeSaved }),
    });
    renderRoute(<SilverPage />, { path: '/admin/prata', url: '/admin/prata?aba=produtos' });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Barra 100 g' }, LONG));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Barra 100 g' });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'barra.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Enviar imagem do produto'), { target: { files: [file] } });
    await waitLong(() => expect(calls('POST /api/admin/silver-product-types/1/images')).toHaveLength(1));
    const sentForm = calls('POST /api/admin/silver-product-types/1/images')[0]![1]?.body as FormData;
    expect((sentForm.get('image') as File).name).toBe('barra.png');
    await waitLong(() => expect(getNotice()?.message).toBe(MESSAGES.productImageUploaded));
    const list = within(dialog).getByRole('list', { name: 'Imagens do produto' });
    expect(list.textContent).toContain(uploaded);

    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Remover a imagem /api/catalogue/images/bar-100g.png' }),
    );
    await waitLong(() => expect(getNotice()?.message).toBe(MESSAGES.productImageRemoved));
    expect(within(dialog).getByRole('list', { name: 'Imagens do produto' }).textContent).not.toContain('bar-100g');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar produto' }));
    await waitLong(() => expect(calls('PUT /api/admin/silver-product-types/1')).toHaveLength(1));
    expect(body('PUT /api/admin/silver-product-types/1').images).toEqual([uploaded]);
  });

  it('Produtos: a new product has no upload yet (it is created first)', async () => {
    api({
      'GET /api/admin/silver-product-types': () => jsonResponse(200, { productTypes: [product] }),
      'GET /api/admin/silver-stock': () => jsonResponse(200, stock),
    });
    renderRoute(<SilverPage />, { path: '/admin/prata', url: '/admin/prata?aba=produtos' });
    fireEvent.click(await screen.findByRole('button', { name: 'Novo produto' }, LONG));
    const dialog = await screen.findByRole('dialog', { name: 'Novo produto' });
    expect(within(dialog).queryByLabelText('Enviar imagem do produto')).toBeNull();
    expect(dialog.textContent).toContain('crie o produto e abra-o de novo');
  });

  it("Envios: a refund the provider refused shows 'Reembolso pendente' and is asked again", async () => {
    const REJECTED = 'GET /api/admin/silver-withdrawals?status=rejected&page=1';
    const refused: AdminSilverWithdrawal = {
      ...paid,
      status: 'rejected',
      status_label: 'Recusado',
      rejection_reason: 'Endereço incompleto',
      refund_pending: true,
    };
    let rows = [refused];
    api({
      [REJECTED]: () => page(rows),
      'POST /api/admin/silver-withdrawals/5/retry-refund': () => {
        rows = [{ ...refused, refund_pending: false, refunded_at: '2026-03-03T10:00:00.000Z' }];
        return jsonResponse(200, { silverWithdrawal: rows[0], message: MESSAGES.refundDone });
      },
    });
    renderRoute(<SilverPage />, { path: '/admin/prata', url: '/admin/prata?status=rejected' });
    const row = (await screen.findByText('Bruna Visitante', {}, LONG)).closest('tr')!;
    expect(row.textContent).toContain('Reembolso pendente');
    expect(row.textContent).toContain('Recusado');
    fireEvent.click(within(row).getByRole('button', { name: 'Tentar reembolso de novo do pedido nº 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tentar o reembolso de novo?' });
    expect(calls('POST /api/admin/silver-withdrawals/5/retry-refund')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pedir reembolso' }));
    await waitLong(() => expect(calls('POST /api/admin/silver-withdrawals/5/retry-refund')).toHaveLength(1));
    const headers = new Headers(calls('POST /api/admin/silver-withdrawals/5/retry-refund')[0]![1]?.headers);
    expect(headers.get('Idempotency-Key')).toBeTruthy();
    await waitLong(() => expect(getNotice()?.message).toBe(MESSAGES.refundDone));
    await waitLong(() => expect(screen.queryByText('Reembolso pendente')).toBeNull());
    expect((await screen.findByText('Bruna Visitante', {}, LONG)).closest('tr')!.textContent).toContain('Reembolsado');
  });

  it('Cupons: a new coupon is posted with its percentages, validity in Brasília time and limit', async () => {
    api({
      'GET /api/admin/coupons': () => jsonResponse(200, { coupons: [coupon] }),
      'POST /api/admin/coupons': () =>
        jsonResponse(201, { coupon: { ...coupon, id: 4, code: 'NATAL' }, message: MESSAGES.couponSaved }),
    });
    renderRoute(<SilverPage />, { path: '/admin/prata', url: '/admin/prata?aba=cupons' });
    const table = await screen.findByRole('table', { name: 'Cupons' }, LONG);
    const row = (await within(table).findByText('PRATA10', {}, LONG)).closest('tr')!;
    expect(row.textContent).toContain('0,25%');
    expect(row.textContent).toContain('10,00%');
    expect(row.textContent).toContain('4 de 100');

    fireEvent.click(screen.getByRole('button', { name: 'Novo cupom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo cupom' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar cupom' }));
    expect(await within(dialog).findByText(MESSAGES.couponRequired, {}, LONG)).toBeTruthy();
    expect(calls('POST /api/admin/coupons')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Código/ }), { target: { value: 'natal' } });
    typeInto(within(dialog).getByLabelText(/Taxa de transação/), '0,3');
    typeInto(within(dialog).getByLabelText(/Desconto/), '15');
    // an end before the start: the contract's rule, said under the end
    // the validity is typed as people in Brazil write it (not the browser's locale), in Brasília time
    const from = within(dialog).getByLabelText(/Início/) as HTMLInputElement;
    const until = within(dialog).getByLabelText(/Fim/) as HTMLInputElement;
    expect([from.type, from.placeholder]).toEqual(['text', 'dd/mm/aaaa hh:mm']);
    typeMoment(from, '25/12/2026 00:00');
    typeMoment(until, '01/12/2026 00:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar cupom' }));
    expect(await within(dialog).findByText(MESSAGES.couponValidityOrder, {}, LONG)).toBeTruthy();
    expect(calls('POST /api/admin/coupons')).toHaveLength(0);
    // half typed, or a day that is not: the field says so, nothing is sent
    typeMoment(from, '01/12/2026');
    typeMoment(until, '31/02/2027 10:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar cupom' }));
    await waitLong(() => expect(within(dialog).getAllByText(MESSAGES.couponValidityInvalid)).toHaveLength(2));
    expect(calls('POST /api/admin/coupons')).toHaveLength(0);
    typeMoment(from, '01/12/2026 00:00');
    typeMoment(until, '25/12/2026 23:59');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Máximo de usos/ }), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar cupom' }));
    await waitLong(() => expect(calls('POST /api/admin/coupons')).toHaveLength(1));
    expect(body('POST /api/admin/coupons')).toEqual({
      code: 'NATAL',
      transaction_fee: 0.3,
      discount_percent: 15,
      valid_from: '2026-12-01T00:00:00-03:00',
      valid_until: '2026-12-25T23:59:00-03:00',
      max_uses: 50,
      active: true,
    });
    await waitLong(() => expect(getNotice()?.message).toBe(MESSAGES.couponSaved));
  });

  it('Cupons: a code already taken shows under the field', async () => {
    api({
      'GET /api/admin/coupons': () => jsonResponse(200, { coupons: [] }),
      'POST /api/admin/coupons': () =>
        jsonResponse(422, {
          code: 'VALIDATION_FAILED',
          message: MESSAGES.couponCodeTaken,
          errors: { code: [MESSAGES.couponCodeTaken] },
        }),
    });
    renderRoute(<SilverPage />, { path: '/admin/prata', url: '/admin/prata?aba=cupons' });
    expect(await screen.findByText('Nenhum cupom cadastrado.', {}, LONG)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Novo cupom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo cupom' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Código/ }), { target: { value: 'PRATA10' } });
    typeInto(within(dialog).getByLabelText(/Taxa de transação/), '0');
    typeInto(within(dialog).getByLabelText(/Desconto/), '5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar cupom' }));
    expect(await within(dialog).findByText(MESSAGES.couponCodeTaken, {}, LONG)).toBeTruthy();
    expect(body('POST /api/admin/coupons')).toMatchObject({ code: 'PRATA10', valid_from: null, max_uses: null });
  });

  it('Cupons: editing shows the validity in Brasília time and sends it back unchanged', async () => {
    api({
      'GET /api/admin/coupons': () => jsonResponse(200, { coupons: [coupon] }),
      'PUT /api/admin/coupons/3': (init) =>
        jsonResponse(200, { coupon: { ...coupon, ...JSON.parse(String(init?.body)) }, message: MESSAGES.couponSaved }),
    });
    renderRoute(<SilverPage />, { path: '/admin/prata', url: '/admin/prata?aba=cupons' });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar cupom PRATA10' }, LONG));
    const dialog = await screen.findByRole('dialog', { name: 'Editar cupom PRATA10' });
    expect((within(dialog).getByLabelText(/Início/) as HTMLInputElement).value).toBe('');
    // 23:59 UTC is 20:59 in Brasília
    expect((within(dialog).getByLabelText(/Fim/) as HTMLInputElement).value).toBe('31/12/2026 20:59');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar cupom' }));
    await waitLong(() => expect(calls('PUT /api/admin/coupons/3')).toHaveLength(1));
    const sent = body('PUT /api/admin/coupons/3') as { valid_from: unknown; valid_until: string };
    expect(sent.valid_from).toBeNull();
    expect(Date.parse(sent.valid_until)).toBe(Date.parse(coupon.valid_until ?? ''));
  });

  it('Taxas e impostos: saves the origin state, the Pix window and the ICMS rows as percentages', async () => {
    api({
      'GET /api/admin/silver-settings': () => jsonResponse(200, { settings }),
      'PUT /api/admin/silver-settings': (init) =>
        jsonResponse(200, { settings: JSON.parse(String(init?.body)), message: MESSAGES.silverSettingsSaved }),
    });
    renderRoute(<SilverPage />, { path: '/admin/prata', url: '/admin/prata?aba=taxas' });
    const form = await screen.findByRole('form', { name: 'Taxas e impostos da prata física' }, LONG);
    expect(within(form).getByText('DIFAL 8,00%')).toBeTruthy();

    typeInto(within(form).getByLabelText('Alíquota interna de RJ'), '22');
    expect(await within(form).findByText('DIFAL 10,00%')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: /Prazo do Pix/ }), { target: { value: '45' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar configurações' }));
    await waitLong(() => expect(calls('PUT /api/admin/silver-settings')).toHaveLength(1));
    expect(body('PUT /api/admin/silver-settings')).toEqual({
      origin_state: 'SP',
      pix_expiry_minutes: 45,
      icms: [
        { state: 'RJ', internal_rate: 22, interstate_rate: 12 },
        { state: 'SP', internal_rate: 18, interstate_rate: 18 },
      ],
    });
    await waitLong(() => expect(getNotice()?.message).toBe(MESSAGES.silverSettingsSaved));
  });

  it("a role a tab is not for gets the server's reason, without 'Tentar de novo'", async () => {
    api({
      'GET /api/admin/coupons': () => jsonResponse(403, { code: 'FORBIDDEN', message: MESSAGES.forbiddenRole }),
    });
    renderRoute(<SilverPage />, { path: '/admin/prata', url: '/admin/prata?aba=cupons' });
    expect(await screen.findByText(MESSAGES.forbiddenRole, {}, LONG)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).toBeNull();
  });
});
