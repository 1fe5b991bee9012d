// The auth feature's public surface: registration, e-mail verification, sign-in with a code, password reset.
export { authRoutes } from './routes';
