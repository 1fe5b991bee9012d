// The back office's public surface.
export { adminRoutes } from './routes';
