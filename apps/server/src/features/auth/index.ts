// The auth feature's public surface: registration, e-mail verification, sign-in with a code, password reset.
export { authRoutes } from './routes';
// The sign-in's first step, for the checkout's password step (POST /api/silver-withdrawal/check-password).
export { login } from './service';
