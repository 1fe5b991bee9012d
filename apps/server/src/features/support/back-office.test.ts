import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminTicketResponse, AdminTicketsResponse, MESSAGES } from '@prata/domain';
import { auditLog, tickets } from '@/db/schema/index';
import {
  bearer,
  buildTestApp,
  createCustomer,
  type Customer,
  outboxFor,
  staffMember,
  type TestApp,
} from '../../../test/helpers';
import { fields, form, PDF, withSupportData } from './test-helpers';

let t: TestApp;
let ids: Awaited<ReturnType<typeof withSupportData>>;
let ana: Customer;
let operator: Customer;
let finance: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await withSupportData(t);
  ana = await createCustomer(t, { name: 'Ana Souza' });
  operator = await staffMember(t, ['support'], 'Sara Suporte');
  finance = await staffMember(t, ['finance'], 'Fábio Financeiro');
});

async function openTicket(c: Customer, subject = 'Dúvida sobre taxas', subcategoryId = ids.subcategoryId) {
  const body = form(
    fields({ category_id: ids.categoryId, subcategory_id: subcategoryId, subject, description: 'Como funciona?' }),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ticket',
    headers: { ...bearer(c.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticket.id as number;
}

const asOperator = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(operator.token), ...(payload ? { payload } : {}) });

describe('the ticket queue', () => {
  it('lists by status and category, pending oldest first; only the support role (or admin)', async () => {
    const first = await openTicket(ana, 'Primeiro');
    const second = await openTicket(ana, 'Segundo');
    const queue = AdminTicketsResponse.parse(
      (await asOperator('GET', `/api/admin/tickets?status=pending&category_id=${ids.categoryId}`)).json(),
    );
    const order = queue.data.map((r) => r.id);
    expect(order.indexOf(first)).toBeLessThan(order.indexOf(second));
    expect(queue.data.find((r) => r.id === first)).toMatchObject({
      customer: { id: ana.id, name: 'Ana Souza', email: ana.email },
      visitor: false,
      status: 'pending',
    });
    const closed = AdminTicketsResponse.parse((await asOperator('GET', '/api/admin/tickets?status=closed')).json());
    expect(closed.data.map((r) => r.id)).not.toContain(first);
    const denied = await t.app.inject({ method: 'GET', url: '/api/admin/tickets', headers: bearer(finance.token) });
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'FORBIDDEN']);
    const customer = await t.app.inject({ method: 'GET', url: '/api/admin/tickets', headers: bearer(ana.token) });
    expect(customer.statusCode).toBe(403);
    const bad = await asOperator('GET', '/api/admin/tickets?status=aberto');
    expect(bad.statusCode).toBe(422);
  });

  it("answers: the message shows as the support team's, the customer is e-mailed, the audit log has it", async () => {
    const id = await openTicket(ana, 'Resposta por e-mail');
    const empty = await asOperator('POST', `/api/admin/tickets/${id}/interaction`, { message: '' });
    expect([empty.statusCode, empty.json().message]).toEqual([422, 'Descreva sua mensagem']);
    const res = await asOperator('POST', `/api/admin/tickets/${id}/interaction`, {
      message: 'Olá, Ana! Já verificamos.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGES.ticketAnswered);
    const { ticket } = AdminTicketResponse.parse({ ticket: res.json().ticket });
    expect(ticket.interactions.at(-1)).toMatchObject({ from_staff: true, user: { name: 'Atendimento Prata' } });
    const [mail] = await outboxFor(t.database, ana.email);
    expect(mail?.subject).toBe(`Resposta ao ticket nº ${id}`);
    expect(mail?.textBody).toContain('Olá, Ana! Já verificamos.');
    expect(mail?.textBody).toContain(`/contato/ticket/${id}/details`);
    const list = (await t.app.inject({ method: 'GET', url: '/api/tickets', headers: bearer(ana.token) })).json();
    expect(list.tickets.data.find((r: { id: number }) => r.id === id).answered).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit.map((a) => a.action)).toContain('ticket.answered');
  });

  it('attaches a file (checked by content), downloads any attachment, and 404s an unknown ticket', async () => {
    const id = await openTicket(ana, 'Anexo do suporte');
    const body = form([{ name: 'file', filename: 'guia.pdf', type: 'application/pdf', data: PDF }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${id}/attachment`,
      headers: { ...bearer(operator.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().attachment.from_staff).toBe(true);
    const file = await asOperator('GET', `/api/admin/ticket-attachments/${res.json().attachment.id}`);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const customerSees = await t.app.inject({
      method: 'GET',
      url: `/api/ticket/attachment/${res.json().attachment.id}`,
      headers: bearer(ana.token),
    });
    expect(customerSees.statusCode).toBe(200);
    expect((await asOperator('GET', '/api/admin/tickets/999999')).statusCode).toBe(404);
    expect((await asOperator('POST', '/api/admin/tickets/999999/interaction', { message: 'x' })).statusCode).toBe(404);
  });

  it('closes once, with an optional last message; the customer is e-mailed and asked to rate', async () => {
    const id = await openTicket(ana, 'Para fechar');
    const res = await asOperator('POST', `/api/admin/tickets/${id}/close`, { message: 'Resolvido. Obrigado!' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.ticketClosedByStaff, ticket: { status: 'closed' } });
    const [mail] = await outboxFor(t.database, ana.email);
    expect(mail?.subject).toBe(`Ticket nº ${id} fechado`);
    expect(mail?.textBody).toContain('avaliação');
    const again = await asOperator('POST', `/api/admin/tickets/${id}/close`, {});
    expect([again.statusCode, again.json().code]).toEqual([409, 'TICKET_CLOSED']);
    const answer = await asOperator('POST', `/api/admin/tickets/${id}/interaction`, { message: 'Mais uma coisa' });
    expect([answer.statusCode, answer.json().code]).toEqual([409, 'TICKET_CLOSED']);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row).toMatchObject({ status: 'closed', closedBy: operator.id });
  });
});

describe('ticket categories', () => {
  it('creates, renames and retires categories and subcategories; a retired one leaves the form', async () => {
    const created = await asOperator('POST', '/api/admin/ticket-categories', { name: 'Afiliados' });
    expect(created.statusCode).toBe(201);
    const category = created.json().categories.find((c: { name: string }) => c.name === 'Afiliados');
    const sub = await asOperator('POST', `/api/admin/ticket-categories/${category.id}/subcategories`, {
      name: 'Cupom',
    });
    expect(sub.statusCode).toBe(201);
    const subId = sub.json().categories.find((c: { id: number }) => c.id === category.id).subcategories[0].id;
    const dup = await asOperator('POST', '/api/admin/ticket-categories', { name: 'afiliados' });
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'ALREADY_EXISTS']);
    const empty = await asOperator('POST', '/api/admin/ticket-categories', { name: ' ' });
    expect([empty.statusCode, empty.json().message]).toEqual([422, 'Informe o nome']);
    let form = (await t.app.inject({ method: 'GET', url: '/api/ticket', headers: bearer(ana.token) })).json();
    expect(form.subcategories.map((s: { id: number }) => s.id)).toContain(subId);
    const retired = await asOperator('PUT', `/api/admin/ticket-subcategories/${subId}`, {
      name: 'Cupom',
      active: false,
    });
    expect(retired.statusCode).toBe(200);
    form = (await t.app.inject({ method: 'GET', url: '/api/ticket', headers: bearer(ana.token) })).json();
    expect(form.subcategories.map((s: { id: number }) => s.id)).not.toContain(subId);
    const renamed = await asOperator('PUT', `/api/admin/ticket-categories/${category.id}`, {
      name: 'Programa de afiliados',
    });
    expect(renamed.json().categories.map((c: { name: string }) => c.name)).toContain('Programa de afiliados');
    expect((await asOperator('PUT', '/api/admin/ticket-categories/999999', { name: 'x' })).statusCode).toBe(404);
  });
});
