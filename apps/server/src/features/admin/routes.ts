import type { FastifyInstance } from 'fastify';
import { reconciliationRoutes } from './reconciliation';
import { auditLogRoutes } from './routes/audit';
import { customerRoutes } from './routes/customers';
import { documentRoutes } from './routes/documents';
import { tradingLimitRoutes } from './routes/trading-limits';

/**
 * Back office. Every route requires an operator role; every action writes the audit log (lib/audit.ts). Each
 * resource's routes are registered in this context, in this order.
 */
export async function adminRoutes(fastify: FastifyInstance) {
  await auditLogRoutes(fastify);
  await customerRoutes(fastify);
  await documentRoutes(fastify);
  await tradingLimitRoutes(fastify);
  /** The ledger's reconciliation: the last run, and running it now (reconciliation.ts). */
  await reconciliationRoutes(fastify);
}
