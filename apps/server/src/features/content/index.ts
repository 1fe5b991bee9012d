// Public content (terms of use, the links out of the app).
export { contentRoutes } from './routes';
