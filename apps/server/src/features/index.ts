import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { cityRoutes } from './cities/routes';
import { contentRoutes } from './content/routes';
import { devRoutes } from './dev/routes';
import { healthRoutes } from './health/routes';
import { historyRoutes } from './history/routes';
import { profileRoutes } from './profile/routes';
import { userRoutes } from './users/routes';

/** Every feature's routes, registered under /api. */
export const featureRoutes: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  authRoutes,
  userRoutes,
  profileRoutes,
  historyRoutes,
  cityRoutes,
  contentRoutes,
  devRoutes,
  adminRoutes,
];
