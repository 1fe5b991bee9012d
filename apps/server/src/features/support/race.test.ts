import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ticketRatings, tickets } from '../../db/schema/index';
import {
  bearer,
  buildTestApp,
  createCustomer,
  latestCode,
  onPostgres,
  skippedOnPglite,
  staffMember,
} from '../../../test/helpers';
import { fields, form, withSupportData } from './test-helpers';

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
});
