import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditLogResponse, PageQuery } from '@prata/domain';
import { requireStaff } from '@/plugins/auth';
import * as audit from '../audit';

/** The audit log in Portuguese (audit-presenter.ts), newest first: administration and compliance. */
export async function auditLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/audit-log',
    {
      preHandler: requireStaff('admin', 'compliance'),
      schema: { querystring: PageQuery, response: { 200: AuditLogResponse } },
    },
    async (req) => audit.listAudit(app.deps, req.query.page),
  );
}
