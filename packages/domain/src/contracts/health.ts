import { z } from 'zod';

/** GET /api/health: the process answers (no I/O); which database it was started with. */
export const LivenessResponse = z.object({ status: z.literal('ok'), database: z.string() });
export type LivenessResponse = z.infer<typeof LivenessResponse>;

/** GET /api/health/ready: 200 when the database (and Redis, when configured) answer; 503 with the same shape if not. */
export const ReadinessResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  redis: z.enum(['ok', 'unavailable', 'not-configured']),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;
