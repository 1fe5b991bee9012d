// The passkeys feature's public surface: its routes, and the ceremonies other features confirm with (sign-in in
// features/auth, money leaving in features/money and features/silver-transfers).
export { passkeyRoutes } from './routes';
export { assertionOptions, verifyAssertion } from './ceremony';
export { codeAllowed, requestFallback, secondStep, spendFallback } from './service';
