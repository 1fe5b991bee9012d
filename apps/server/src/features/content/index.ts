// Public content (terms of use).
export { contentRoutes } from './routes';
