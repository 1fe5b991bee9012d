import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TICKET_ATTACHMENTS_MAX, TicketResponse, TicketsResponse } from '@prata/domain';
import { ticketAttachments, ticketRatings, tickets } from '@/db/schema/index';
import { bearer, buildTestApp, createCustomer, type Customer, staffMember, type TestApp } from '../../../test/helpers';
import { EXE, fields, form, PDF, PNG, withSupportData } from './test-helpers';

let t: TestApp;
let ids: Awaited<ReturnType<typeof withSupportData>>;
let ana: Customer;
let bia: Customer;
let operator: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await withSupportData(t);
  ana = await createCustomer(t, { name: 'Ana Souza' });
  bia = await createCustomer(t, { name: 'Bia Lima' });
  operator = await staffMember(t, ['support'], 'Sara Suporte');
});

const ticketForm = (overrides: Record<string, string | number> = {}) =>
  fields({
    category_id: ids.categoryId,
    subcategory_id: ids.subcategoryId,
    subject: 'Minha TED não apareceu',
    description: 'Enviei uma TED ontem e o saldo não mudou.',
    ...overrides,
  });

async function openTicket(c: Customer, extra: Parameters<typeof form>[0] = []) {
  const body = form([...ticketForm(), ...extra]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ticket',
    headers: { ...bearer(c.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticket.id as number;
}

const get = (c: Customer, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(c.token) });

async function close(id: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/tickets/${id}/close`,
    headers: bearer(operator.token),
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /api/ticket (the form lists)', () => {
  it('answers the active categories and their subcategories', async () => {
    const res = await get(ana, '/api/ticket');
    expect(res.statusCode).toBe(200);
    const { categories, subcategories } = res.json();
    expect(categories.map((c: { name: string }) => c.name)).toContain('Depósitos e retiradas');
    expect(subcategories.find((s: { id: number }) => s.id === ids.subcategoryId).category_id).toBe(ids.categoryId);
  });

  it("is public (the visitor's form lists them too); the customer's list needs a session", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ticket' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/tickets' })).statusCode).toBe(401);
  });
});

describe('POST /api/ticket', () => {
  it('opens a ticket with images and PDFs under attachments[]', async () => {
    const id = await openTicket(ana, [
      { name: 'attachments[]', filename: 'comprovante.pdf', type: 'application/pdf', data: PDF },
      { name: 'attachments[]', filename: 'tela.png', type: 'image/png', data: PNG },
    ]);
    const res = await get(ana, `/api/ticket/${id}`);
    expect(res.statusCode).toBe(200);
    const { ticket } = TicketResponse.parse(res.json());
    expect(ticket).toMatchObject({
      subject: 'Minha TED não apareceu',
      status: 'pending',
      user: { name: 'Ana Souza' },
      category: { id: ids.categoryId },
      rating: null,
      interactions: [],
    });
    expect(ticket.attachments.map((a) => [a.original_name, a.mime_type])).toEqual([
      ['comprovante.pdf', 'application/pdf'],
      ['tela.png', 'image/png'],
    ]);
    const file = await get(ana, `/api/ticket/attachment/${ticket.attachments[0]!.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it("answers the spec's messages for missing fields, and writes nothing", async () => {
    const before = (await t.database.db.select().from(tickets)).length;
    const body = form(fields({ category_id: '', subcategory_id: '', subject: ' ', description: '' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: { ...bearer(ana.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      category_id: [MESSAGES.ticketChooseItem],
      subcategory_id: [MESSAGES.ticketChooseItem],
      subject: ['Informe o assunto'],
      description: ['Descreva sua mensagem'],
    });
    expect(res.json().message).toBe('Selecione um item da lista');
    expect((await t.database.db.select().from(tickets)).length).toBe(before);
  });

  it('refuses a subcategory of another category, and an unknown one', async () => {
    for (const sub of [ids.otherSubcategoryId, 999_999]) {
      const body = form(ticketForm({ subcategory_id: sub }));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ticket',
        headers: { ...bearer(ana.token), ...body.headers },
        payload: body.payload,
      });
      expect([res.statusCode, res.json().errors]).toEqual([422, { subcategory_id: ['Selecione um item da lista'] }]);
    }
  });

  it('refuses a file that is not an image nor a PDF by its content, whatever its name, and keeps nothing', async () => {
    const before = (await t.database.db.select().from(tickets)).length;
    const body = form([...ticketForm(), { name: 'attachments[]', filename: 'foto.png', type: 'image/png', data: EXE }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: { ...bearer(ana.token), ...body.headers },
      payload: body.payload,
    });
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      422,
      'FILE_TYPE_NOT_ALLOWED',
      MESSAGES.fileTypeNotAllowed,
    ]);
    expect((await t.database.db.select().from(tickets)).length).toBe(before);
  });

  it('refuses more than 5 files at once', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({
      name: 'attachments[]',
      filename: `f${i}.pdf`,
      type: 'application/pdf',
      data: PDF,
    }));
    const body = form([...ticketForm(), ...six]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: { ...bearer(ana.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("the customer's tickets", () => {
  it("GET /api/tickets pages by per_page, newest first, only the owner's", async () => {
    const c = await createCustomer(t);
    // 9 written directly (the per-account limit allows 10 an hour), 2 through the API
    await t.database.db.insert(tickets).values(
      Array.from({ length: 9 }, (_, i) => ({
        userId: c.id,
        email: c.email,
        categoryId: ids.categoryId,
        subcategoryId: ids.subcategoryId,
        subject: `Antigo ${i}`,
        description: 'Texto',
      })),
    );
    for (let i = 0; i < 2; i++) await openTicket(c);
    const first = TicketsResponse.parse((await get(c, '/api/tickets')).json());
    expect(first.tickets).toMatchObject({ total: 11, per_page: 10 });
    expect(first.tickets.data).toHaveLength(10);
    const second = TicketsResponse.parse((await get(c, '/api/tickets?page=2')).json());
    expect(second.tickets.data).toHaveLength(1);
    expect(first.tickets.data[0]!.id).toBeGreaterThan(second.tickets.data[0]!.id);
    const other = TicketsResponse.parse((await get(bia, '/api/tickets')).json());
    expect(other.tickets.data.map((r) => r.id)).not.toContain(first.tickets.data[0]!.id);
    expect((await get(c, '/api/tickets?page=0')).statusCode).toBe(422);
  });

  it("another customer's ticket and attachment answer 404, for reading and for every write", async () => {
    const id = await openTicket(ana, [
      { name: 'attachments[]', filename: 'a.pdf', type: 'application/pdf', data: PDF },
    ]);
    const [attachment] = await t.database.db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, id));
    const h = bearer(bia.token);
    const file = form([{ name: 'file', filename: 'x.png', type: 'image/png', data: PNG }]);
    const answers = [
      await t.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: h }),
      await t.app.inject({ method: 'GET', url: `/api/ticket/attachment/${attachment!.id}`, headers: h }),
      await t.app.inject({ method: 'DELETE', url: `/api/ticket/attachment/${attachment!.id}`, headers: h }),
      await t.app.inject({
        method: 'POST',
        url: `/api/ticket/${id}/interaction`,
        headers: h,
        payload: { message: 'oi' },
      }),
      await t.app.inject({
        method: 'POST',
        url: `/api/ticket/${id}/attachment`,
        headers: { ...h, ...file.headers },
        payload: file.payload,
      }),
      await t.app.inject({ method: 'POST', url: `/api/ticket/${id}/rating`, headers: h, payload: { stars: 5 } }),
      await t.app.inject({ method: 'GET', url: '/api/ticket/999999', headers: h }),
    ];
    for (const res of answers) expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    const [still] = await t.database.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.id, attachment!.id));
    expect(still!.deletedAt).toBeNull();
  });

  it("messages: the spec message when empty; sent ones show with the author and mark the ticket as the customer's turn", async () => {
    const id = await openTicket(ana);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/ticket/${id}/interaction`,
      headers: bearer(ana.token),
      payload: { message: '   ' },
    });
    expect([empty.statusCode, empty.json().message]).toEqual([422, 'Descreva sua mensagem']);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/ticket/${id}/interaction`,
      headers: bearer(ana.token),
      payload: { message: 'Segue mais um detalhe.\nObrigada!' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      message: MESSAGES.ticketInteractionSent,
      interaction: { message: 'Segue mais um detalhe.\nObrigada!', user: { name: 'Ana Souza' }, from_staff: false },
    });
    const { ticket } = TicketResponse.parse((await get(ana, `/api/ticket/${id}`)).json());
    expect(ticket.interactions).toHaveLength(1);
  });

  it("attachments: upload one, delete one; a non-image is refused; the support team's cannot be deleted", async () => {
    const id = await openTicket(ana);
    const upload = (data: Buffer, filename: string) => {
      const body = form([{ name: 'file', filename, type: 'application/octet-stream', data }]);
      return t.app.inject({
        method: 'POST',
        url: `/api/ticket/${id}/attachment`,
        headers: { ...bearer(ana.token), ...body.headers },
        payload: body.payload,
      });
    };
    const ok = await upload(PNG, 'print.png');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      message: MESSAGES.ticketAttachmentUploaded,
      attachment: { original_name: 'print.png' },
    });
    const bad = await upload(EXE, 'virus.pdf');
    expect([bad.statusCode, bad.json().code]).toEqual([422, 'FILE_TYPE_NOT_ALLOWED']);
    const missing = form(fields({ nothing: 'x' }));
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/ticket/${id}/attachment`,
      headers: { ...bearer(ana.token), ...missing.headers },
      payload: missing.payload,
    });
    expect([none.statusCode, none.json().message]).toEqual([422, MESSAGES.ticketFileRequired]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/ticket/attachment/${ok.json().attachment.id}`,
      headers: bearer(ana.token),
    });
    expect([removed.statusCode, removed.json().message]).toEqual([200, MESSAGES.ticketAttachmentDeleted]);
    expect((await get(ana, `/api/ticket/attachment/${ok.json().attachment.id}`)).statusCode).toBe(404);

    const staffFile = form([{ name: 'file', filename: 'guia.pdf', type: 'application/pdf', data: PDF }]);
    const fromStaff = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${id}/attachment`,
      headers: { ...bearer(operator.token), ...staffFile.headers },
      payload: staffFile.payload,
    });
    expect(fromStaff.statusCode).toBe(201);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/ticket/attachment/${fromStaff.json().attachment.id}`,
      headers: bearer(ana.token),
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it(`keeps at most ${TICKET_ATTACHMENTS_MAX} attachments on a ticket`, async () => {
    const five = (n: string) =>
      Array.from({ length: 5 }, (_, i) => ({
        name: 'attachments[]',
        filename: `${n}${i}.pdf`,
        type: 'application/pdf',
        data: PDF,
      }));
    const id = await openTicket(ana, five('a'));
    for (let i = 0; i < 5; i++) {
      const body = form([{ name: 'file', filename: 'b.pdf', type: 'application/pdf', data: PDF }]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/ticket/${id}/attachment`,
        headers: { ...bearer(ana.token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
    }
    const body = form([{ name: 'file', filename: 'c.pdf', type: 'application/pdf', data: PDF }]);
    const over = await t.app.inject({
      method: 'POST',
      url: `/api/ticket/${id}/attachment`,
      headers: { ...bearer(ana.token), ...body.headers },
      payload: body.payload,
    });
    expect([over.statusCode, over.json().code]).toEqual([422, 'LIST_LIMIT_REACHED']);
  });
});

describe('a closed ticket', () => {
  it('refuses new messages and attachment changes with 409 TICKET_CLOSED, and changes nothing', async () => {
    const id = await openTicket(ana, [
      { name: 'attachments[]', filename: 'a.pdf', type: 'application/pdf', data: PDF },
    ]);
    const [attachment] = await t.database.db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, id));
    await close(id);
    const h = bearer(ana.token);
    const file = form([{ name: 'file', filename: 'x.png', type: 'image/png', data: PNG }]);
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: `/api/ticket/${id}/interaction`,
        headers: h,
        payload: { message: 'E agora?' },
      }),
      await t.app.inject({
        method: 'POST',
        url: `/api/ticket/${id}/attachment`,
        headers: { ...h, ...file.headers },
        payload: file.payload,
      }),
      await t.app.inject({ method: 'DELETE', url: `/api/ticket/attachment/${attachment!.id}`, headers: h }),
    ];
    for (const res of answers)
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        409,
        'TICKET_CLOSED',
        MESSAGES.ticketClosed,
      ]);
    const { ticket } = TicketResponse.parse((await get(ana, `/api/ticket/${id}`)).json());
    expect(ticket).toMatchObject({ status: 'closed', interactions: [], attachments: [{ id: attachment!.id }] });
    expect(ticket.closed_at).not.toBeNull();
  });

  it('is rated once, 1 to 5 stars; a pending ticket cannot be rated', async () => {
    const id = await openTicket(ana);
    const rate = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/ticket/${id}/rating`, headers: bearer(ana.token), payload });
    const early = await rate({ stars: 5 });
    expect([early.statusCode, early.json().code]).toEqual([409, 'TICKET_NOT_CLOSED']);
    await close(id);
    for (const stars of [0, 6, 2.5, 'x', undefined]) {
      const bad = await rate({ stars, description: 'ok' });
      expect([bad.statusCode, bad.json().message]).toEqual([422, MESSAGES.ticketStarsRequired]);
    }
    const rated = await rate({ stars: 4, description: 'Resolveram rápido.' });
    expect(rated.statusCode).toBe(201);
    expect(rated.json()).toMatchObject({
      message: MESSAGES.ticketRated,
      rating: { stars: 4, description: 'Resolveram rápido.' },
    });
    const again = await rate({ stars: 1 });
    expect([again.statusCode, again.json().code]).toEqual([409, 'TICKET_ALREADY_RATED']);
    const rows = await t.database.db
      .select()
      .from(ticketRatings)
      .where(and(eq(ticketRatings.ticketId, id)));
    expect(rows.map((r) => r.stars)).toEqual([4]);
    expect(TicketResponse.parse((await get(ana, `/api/ticket/${id}`)).json()).ticket.rating?.stars).toBe(4);
  });
});

describe('rate limits', () => {
  it('a customer opens at most LIMIT_TICKETS_ACCOUNT tickets an hour (429), keyed on the account', async () => {
    const limited = await buildTestApp({
      database: t.database,
      config: { limits: { ...t.config.limits, ticketsAccount: { max: 2, windowSeconds: 3600 } } },
    });
    const body = () => form(ticketForm());
    const send = async (c: Customer) => {
      const b = body();
      return limited.app.inject({
        method: 'POST',
        url: '/api/ticket',
        headers: { ...bearer(c.token), ...b.headers },
        payload: b.payload,
      });
    };
    expect((await send(ana)).statusCode).toBe(201);
    expect((await send(ana)).statusCode).toBe(201);
    const third = await send(ana);
    expect([third.statusCode, third.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(third.headers['retry-after']).toBeDefined();
    expect((await send(bia)).statusCode).toBe(201);
    await limited.app.close();
  });
});
