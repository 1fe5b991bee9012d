import { describe, expect, it } from 'vitest';
import { auditLog } from '@/db/schema/index';
import { bearer, buildTestApp, createCustomer, staffMember } from '../../../test/helpers';

describe('back-office lists page through lib/paging.ts', () => {
  it('the audit log and one customer’s entries page newest first with no gap or repeat, written at one instant', async () => {
    const t = await buildTestApp();
    const ops = bearer((await staffMember(t, ['admin'], 'Olga Operadora')).token);
    const customer = await createCustomer(t);
    const at = new Date('2026-11-30T12:00:00Z');
    const written = await t.database.db
      .insert(auditLog)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          action: 'document.viewed',
          targetType: 'user',
          targetId: String(i % 2 === 0 ? customer.id : customer.id + 1000),
          details: i % 2 === 0 ? {} : { customer_id: String(customer.id) },
          createdAt: at,
        })),
      )
      .returning({ id: auditLog.id });
    const newestFirst = written.map((r) => r.id).sort((a, b) => b - a);
    const read = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: ops });
      expect(res.statusCode).toBe(200);
      return res.json() as { data: Array<{ id: number }>; total: number; per_page: number };
    };
    for (const base of ['/api/admin/audit-log', `/api/admin/customers/${customer.id}/audit`]) {
      const [page1, page2] = [await read(`${base}?page=1`), await read(`${base}?page=2`)];
      expect(page1).toMatchObject({ total: 30, per_page: 25 });
      expect(page2.total).toBe(30);
      const ids = [...page1.data, ...page2.data].map((e) => e.id);
      expect(ids.filter((id) => newestFirst.includes(id))).toEqual(newestFirst);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
