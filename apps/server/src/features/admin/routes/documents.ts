import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DocumentFileResponse, IdParams } from '@prata/domain';
import { writeAudit } from '@/lib/audit';
import { sendAttachment } from '@/lib/uploads';
import { currentUser, requireStaff } from '@/plugins/auth';
import { readDocument } from '@/features/profile/index';

/** Operators (compliance) read customers' documents; each read is in the audit log. */
export async function documentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get(
    '/admin/documents/:id',
    { preHandler: requireStaff('compliance'), schema: { params: IdParams, response: { 200: DocumentFileResponse } } },
    async (req, reply) => {
      const { row, data } = await readDocument(app.deps, req.params.id, { asStaff: true });
      await writeAudit(db, {
        actorUserId: currentUser(req).id,
        action: 'document.viewed',
        targetType: 'document',
        targetId: row.id,
        details: { customer_id: row.userId },
        ip: req.ip,
      });
      return sendAttachment(reply, row, data);
    },
  );
}
