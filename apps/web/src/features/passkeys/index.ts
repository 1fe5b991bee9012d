// The passkeys feature: "Chaves de acesso" in /meus-dados, and the browser's ceremony other features confirm with
// (the sign-in's passkey step in features/auth, withdrawals in features/money).
export { useAdminAccess } from './api/passkeys';
export { PasskeysSection } from './components/passkeys-section';
export { getAssertion, PasskeyCeremonyError } from './webauthn';
