// The auth feature's public surface for other features (pages load through the router, each in its own chunk).
export { resendLabel } from './components/code-step';
// The sign-in's steps after the password, for the other screens that sign a person in (the silver checkout's
// /comprar-prata/{id}/auth answers like POST /api/login and goes on the same way).
export { type VerificationMethod, useChooseVerificationMethod } from './api/choose-verification-method';
export { useVerifyLoginCode } from './api/verify-login-code';
// The session's time limits as the server sets them (the accessibility statement states them).
export { useSessionPolicy } from './api/session-policy';
export { notifyAccountClosed } from './closed-account';
export { CodeStep } from './components/code-step';
export { ForgotPasswordDialog } from './components/forgot-password-dialog';
export { MethodStep } from './components/method-step';
export { PasskeyStep } from './components/passkey-step';
export { truncateEmail } from './components/truncate-email';
export { UnverifiedStep } from './components/unverified-step';
