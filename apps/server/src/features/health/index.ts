// Liveness and readiness.
export { healthRoutes } from './routes';
