import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminSavingPlansQuery,
  AdminSavingPlansResponse,
  CreateSavingPlanRequest,
  DevClockRequest,
  DevClockResponse,
  DevRevokeAuthorizationResponse,
  IdParams,
  MESSAGES,
  SavingPlanMoveRequest,
  SavingPlanResponse,
  SavingPlansResponse,
  SavingPreviewQuery,
  SavingPreviewResponse,
} from '@prata/domain';
import { authenticate, currentUser, requireStaff } from '@/plugins/auth';
import { registerAuthorizationTarget } from '@/features/money/index';
import { requireApprovedRegistration } from '@/features/users/index';
import { savingAuthorizationTarget } from './authorization';
import { advanceSavingClock, resetSavingClock, savingClock, savingClockOffsetDays } from './clock';
import { runSavingPlans } from './scheduler';
import { createPlan } from './create';
import * as service from './service';

const MoveParams = IdParams.extend({ move: z.enum(['pause', 'resume', 'cancel']) });

/**
 * Automatic saving (docs/saving-plans.md): the customer's plans and their runs, the preview of a
 * run's fee and IOF, pause, resume and cancel; the back office's read-only list; the test clock (PRATA_TEST_CLOCK=1).
 */
export async function savingPlanRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['saving-plans'];
  // Pix Automático's authorisation events reach the plans through the money feature's webhook handler
  registerAuthorizationTarget(savingAuthorizationTarget);

  app.get(
    '/saving-plans',
    { preHandler: authenticate, schema: { tags, response: { 200: SavingPlansResponse } } },
    async (req) => service.listPlans(deps, currentUser(req).id),
  );

  app.get(
    '/saving-plans/preview',
    {
      preHandler: requireApprovedRegistration,
      schema: { tags, querystring: SavingPreviewQuery, response: { 200: SavingPreviewResponse } },
    },
    async (req) => service.preview(deps, currentUser(req).id, req.query),
  );

  app.post(
    '/saving-plans',
    {
      preHandler: requireApprovedRegistration,
      config: { idempotent: true },
      schema: { tags, body: CreateSavingPlanRequest, response: { 201: SavingPlanResponse } },
    },
    async (req, reply) => reply.status(201).send(await createPlan(deps, currentUser(req), req.body)),
  );

  app.post(
    '/saving-plans/:id/:move',
    {
      preHandler: authenticate,
      schema: { tags, params: MoveParams, body: SavingPlanMoveRequest, response: { 200: SavingPlanResponse } },
    },
    async (req) => service.changePlan(deps, currentUser(req).id, req.params.id, req.params.move),
  );

  app.get(
    '/admin/saving-plans',
    {
      preHandler: requireStaff('finance', 'compliance', 'support'),
      schema: { tags, querystring: AdminSavingPlansQuery, response: { 200: AdminSavingPlansResponse } },
    },
    async (req) => service.adminPlans(deps, req.query),
  );

  if (deps.config.testClock && deps.config.env !== 'production') {
    app.post(
      '/dev/clock',
      { schema: { hide: true, body: DevClockRequest, response: { 200: DevClockResponse } } },
      async (req) => {
        if (req.body.reset) resetSavingClock();
        advanceSavingClock(req.body.advance_days);
        // what became due runs now, not at the next tick
        await runSavingPlans(deps);
        return {
          now: savingClock.now().toISOString(),
          offset_days: savingClockOffsetDays(),
          message: MESSAGES.devClockMoved,
        };
      },
    );
    app.post(
      '/dev/saving-plans/:id/revoke',
      { schema: { hide: true, params: IdParams, response: { 200: DevRevokeAuthorizationResponse } } },
      async (req) => service.simulateRevoke(deps, req.params.id),
    );
  }
}
