import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TICKET_ATTACHMENTS_MAX } from '@prata/domain';
import { ticketAttachments, ticketCategories, ticketRatings, tickets, ticketSubcategories } from '@/db/schema/index';
import { LIMITS } from '@/limits';
import {
  bearer,
  buildTestApp,
  createCustomer,
  latestCode,
  onPostgres,
  skippedOnPglite,
  staffMember,
} from '../../../test/helpers';
import { CATEGORIES_MAX, SUBCATEGORIES_MAX } from './categories';
import { fields, form, PDF, withSupportData } from './test-helpers';

skippedOnPglite('support races');

describe.skipIf(!onPostgres)('support under concurrent requests (PostgreSQL)', () => {
  it('ten ratings of one ticket at once: one is kept, the others are 409 TICKET_ALREADY_RATED', async () => {
    const t = await buildTestApp();
    const ids = await withSupportData(t);
    const ana = await createCustomer(t);
    const operator = await staffMember(t, ['support']);
    const body = form(
      fields({ category_id: ids.categoryId, subcategory_id: ids.subcategoryId, subject: 'Corrida', description: 'x' }),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: { ...bearer(ana.token), ...body.headers },
      payload: body.payload,
    });
    const id = created.json().ticket.id;
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${id}/close`,
      headers: bearer(operator.token),
      payload: {},
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/ticket/${id}/rating`,
          headers: bearer(ana.token),
          payload: { stars: (i % 5) + 1 },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'TICKET_ALREADY_RATED')).toBe(
      true,
    );
    expect(await t.database.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, id))).toHaveLength(1);
  });

  it('five visitor tickets sent at once with one proof: one ticket is opened', async () => {
    const t = await buildTestApp();
    const ids = await withSupportData(t);
    const email = 'corrida.visitante@exemplo.com.br';
    await t.app.inject({ method: 'POST', url: '/api/ticket/send-verification-code', payload: { email } });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/ticket/verify-code',
      payload: { email, code: await latestCode(t.database, email) },
    });
    const token = verified.json().verification_token;
    const send = () => {
      const body = form(
        fields({
          email,
          verification_token: token,
          category_id: ids.categoryId,
          subcategory_id: ids.subcategoryId,
          subject: 'Uma só vez',
          description: 'x',
        }),
      );
      return t.app.inject({ method: 'POST', url: '/api/ticket/visitor', headers: body.headers, payload: body.payload });
    };
    const answers = await Promise.all(Array.from({ length: 5 }, send));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403, 403, 403, 403]);
    expect(await t.database.db.select().from(tickets).where(eq(tickets.email, email))).toHaveLength(1);
  });

  it(`${AT_ONCE} tickets at once from one customer: at most LIMIT_TICKETS_ACCOUNT are opened`, async () => {
    const t = await buildTestApp();
    const ids = await withSupportData(t);
    const ana = await createCustomer(t);
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => {
        const body = form(
          fields({
            category_id: ids.categoryId,
            subcategory_id: ids.subcategoryId,
            subject: `Corrida ${i}`,
            description: 'x',
          }),
        );
        return t.app.inject({
          method: 'POST',
          url: '/api/ticket',
          headers: { ...bearer(ana.token), ...body.headers },
          payload: body.payload,
        });
      }),
    );
    expect(refusedOtherwise(answers, 201, 'RATE_LIMITED')).toBe(LIMITS.ticketsAccount.max);
    expect(await t.database.db.select().from(tickets).where(eq(tickets.userId, ana.id))).toHaveLength(
      LIMITS.ticketsAccount.max,
    );
  });

  it(`${AT_ONCE} attachments at once on one ticket: at most ${TICKET_ATTACHMENTS_MAX} are kept`, async () => {
    const t = await buildTestApp();
    const ids = await withSupportData(t);
    const ana = await createCustomer(t);
    const body = form(
      fields({ category_id: ids.categoryId, subcategory_id: ids.subcategoryId, subject: 'Anexos', description: 'x' }),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: { ...bearer(ana.token), ...body.headers },
      payload: body.payload,
    });
    const id = created.json().ticket.id as number;
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => {
        const file = form([{ name: 'file', filename: `nota-${i}.pdf`, type: 'application/pdf', data: PDF }]);
        return t.app.inject({
          method: 'POST',
          url: `/api/ticket/${id}/attachment`,
          headers: { ...bearer(ana.token), ...file.headers },
          payload: file.payload,
        });
      }),
    );
    expect(refusedOtherwise(answers, 201, 'LIST_LIMIT_REACHED')).toBe(TICKET_ATTACHMENTS_MAX);
    const kept = await t.database.db
      .select()
      .from(ticketAttachments)
      .where(and(eq(ticketAttachments.ticketId, id), isNull(ticketAttachments.deletedAt)));
    expect(kept).toHaveLength(TICKET_ATTACHMENTS_MAX);
  });

  it(`${AT_ONCE} categories and ${AT_ONCE} subcategories at once: the lists stop at their limits`, async () => {
    const t = await buildTestApp();
    const ids = await withSupportData(t);
    const operator = await staffMember(t, ['support']);
    const db = t.database.db;
    const categoriesNow = (await db.select().from(ticketCategories)).length;
    const subcategoriesNow = (await db.select().from(ticketSubcategories)).length;
    await db.insert(ticketCategories).values(
      Array.from({ length: CATEGORIES_MAX - 5 - categoriesNow }, (_, i) => ({
        name: `Antiga ${i}`,
        position: 100 + i,
      })),
    );
    await db.insert(ticketSubcategories).values(
      Array.from({ length: SUBCATEGORIES_MAX - 5 - subcategoriesNow }, (_, i) => ({
        categoryId: ids.categoryId,
        name: `Antiga ${i}`,
        position: 100 + i,
      })),
    );
    const send = (url: string) =>
      Promise.all(
        Array.from({ length: AT_ONCE }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url,
            headers: bearer(operator.token),
            payload: { name: `Nova ${i}`, active: true },
          }),
        ),
      );
    expect(refusedOtherwise(await send('/api/admin/ticket-categories'), 201, 'LIST_LIMIT_REACHED')).toBe(5);
    expect(
      refusedOtherwise(
        await send(`/api/admin/ticket-categories/${ids.categoryId}/subcategories`),
        201,
        'LIST_LIMIT_REACHED',
      ),
    ).toBe(5);
    expect(await db.select().from(ticketCategories)).toHaveLength(CATEGORIES_MAX);
    expect(await db.select().from(ticketSubcategories)).toHaveLength(SUBCATEGORIES_MAX);
  });
});

const AT_ONCE = 20;

/** How many answers are `ok`; every other one must be the refusal `code` (never a 500). */
function refusedOtherwise(
  answers: Array<{ statusCode: number; json: () => { code?: string } }>,
  ok: number,
  code: string,
) {
  for (const a of answers) if (a.statusCode !== ok) expect(a.json().code).toBe(code);
  return answers.filter((a) => a.statusCode === ok).length;
}
