import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { users } from '@/db/schema/index';
import { writeAudit } from '@/lib/audit';
import { bearer, buildTestApp, createCustomer } from '../../../test/helpers';

describe('back office frame', () => {
  it('only operators read the audit log; customers get 403 and visitors 401', async () => {
    const t = await buildTestApp();
    const customer = await createCustomer(t);
    const operator = await createCustomer(t);
    await t.database.db
      .update(users)
      .set({ staffRoles: ['compliance'] })
      .where(eq(users.id, operator.id));
    await writeAudit(t.database.db, {
      actorUserId: operator.id,
      action: 'customer.approved',
      targetType: 'user',
      targetId: customer.id,
      details: { reason: 'ok' },
    });

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);
    const denied = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: bearer(customer.token) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(MESSAGES.forbiddenRole);
    expect(denied.json().code).toBe('FORBIDDEN');

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?page=1',
      headers: bearer(operator.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, per_page: 25 });
    expect(res.json().data[0]).toMatchObject({
      action: 'customer.approved',
      target_type: 'user',
      target_id: String(customer.id),
      target: `Cliente nº ${customer.id}`,
      actor: { id: operator.id, email: operator.email },
      // read in Portuguese (an action without a label keeps its key)
      description: 'customer.approved',
      details: ['Motivo: ok'],
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?page=-1',
      headers: bearer(operator.token),
    });
    expect(bad.statusCode).toBe(422);
  });

  it('a body cannot grant itself a role or approve itself', async () => {
    const t = await buildTestApp();
    const c = await createCustomer(t);
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/pessoais',
      headers: bearer(c.token),
      payload: {
        name: 'X Y',
        cpf: '52998224725',
        nascimento: '1990-01-01',
        celular: '11987654321',
        sexo: 'M',
        estado_civil: 'S',
        staff_roles: ['admin'],
        approved_at: '2026-01-01',
        trading_limit_cents: 1,
      },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, c.id));
    expect(row!.staffRoles).toEqual([]);
    expect(row!.approvedAt).toBeNull();
    expect(row!.tradingLimitCents).toBe(5_000_000);
  });
});
