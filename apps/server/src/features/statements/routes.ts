import { MonthlyStatementPdfFile, MonthlyStatementQuery, MonthlyStatementResponse } from '@prata/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachmentHeader } from '@/lib/uploads';
import { authenticate, currentUser } from '@/plugins/auth';
import { statementPdf } from './pdf';
import { monthlyStatement } from './service';

/**
 * The monthly statement (docs/statements.md): the JSON the page shows and the same figures as a
 * PDF. No id in the path: it is always the signed-in customer's own, so no other customer's can be asked for.
 */
export async function statementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, renderPool } = app.deps;
  const db = database.db;
  const tags = ['statements'];

  app.get(
    '/statements',
    {
      preHandler: authenticate,
      schema: { tags, querystring: MonthlyStatementQuery, response: { 200: MonthlyStatementResponse } },
    },
    async (req) => monthlyStatement(db, currentUser(req).id, req.query.month),
  );

  app.get(
    '/statements/pdf',
    {
      preHandler: authenticate,
      schema: { tags, querystring: MonthlyStatementQuery, response: { 200: MonthlyStatementPdfFile } },
    },
    async (req, reply) => {
      const now = new Date();
      const statement = await monthlyStatement(db, currentUser(req).id, req.query.month, now);
      const pdf = await renderPool.run(statementPdf, [statement, now]);
      return (reply as FastifyReply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(`extrato-prata-${statement.month}.pdf`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
