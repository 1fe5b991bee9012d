import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminRetentionQuery,
  AdminRetentionResponse,
  RetentionRuleParams,
  RunRetentionRuleRequest,
  RunRetentionRuleResponse,
} from '@prata/domain';
import { currentUser, requireStaff } from '@/plugins/auth';
import { adminRetention, runRuleNow } from './service';

/**
 * Retention of personal data in the back office (docs/privacy-retention.md): compliance reads the
 * rules with their legal basis and period and the runs with their counts, and runs one rule now.
 */
export async function retentionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['retention'];
  const compliance = requireStaff('compliance');

  app.get(
    '/admin/retention',
    {
      preHandler: compliance,
      schema: { tags, querystring: AdminRetentionQuery, response: { 200: AdminRetentionResponse } },
    },
    async (req) => adminRetention(deps, req.query.before ?? null),
  );

  app.post(
    '/admin/retention/rules/:key/run',
    {
      preHandler: compliance,
      config: { idempotent: true },
      schema: {
        tags,
        params: RetentionRuleParams,
        body: RunRetentionRuleRequest,
        response: { 200: RunRetentionRuleResponse },
      },
    },
    async (req) => runRuleNow(deps, { userId: currentUser(req).id, ip: req.ip }, req.params.key),
  );
}
