import { z } from 'zod';
import { MESSAGES } from '../messages';
import { passwordField } from './auth';
import { boundedString, emailField, isoDateTime, requiredText, idParam } from './common';

/** The most passkeys one account keeps. */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX = 60;

/** base64url text of a WebAuthn field, refused unread past `max` characters. */
const b64url = (max: number) =>
  boundedString({ max, invalid: MESSAGES.passkeyInvalid, tooLong: MESSAGES.passkeyInvalid }).regex(
    /^[A-Za-z0-9_-]*$/,
    MESSAGES.passkeyInvalid,
  );

const common = {
  id: b64url(1400).min(1, MESSAGES.passkeyInvalid),
  rawId: b64url(1400).min(1, MESSAGES.passkeyInvalid),
  type: z.literal('public-key', { error: MESSAGES.passkeyInvalid }),
  clientExtensionResults: z.record(z.string().max(64), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** What navigator.credentials.create() answered, as @simplewebauthn/browser encodes it (RegistrationResponseJSON). */
export const PasskeyRegistrationCredential = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(4000).min(1, MESSAGES.passkeyInvalid),
    attestationObject: b64url(16_000).min(1, MESSAGES.passkeyInvalid),
    authenticatorData: b64url(8000).optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4000).optional(),
  }),
});
export type PasskeyRegistrationCredential = z.infer<typeof PasskeyRegistrationCredential>;

/** What navigator.credentials.get() answered (AuthenticationResponseJSON). */
export const PasskeyAssertion = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(4000).min(1, MESSAGES.passkeyInvalid),
    authenticatorData: b64url(8000).min(1, MESSAGES.passkeyInvalid),
    signature: b64url(2000).min(1, MESSAGES.passkeyInvalid),
    userHandle: b64url(200).optional(),
  }),
});
export type PasskeyAssertion = z.infer<typeof PasskeyAssertion>;

/**
 * The options handed to @simplewebauthn/browser as they are (PublicKeyCredentialCreationOptionsJSON or
 * PublicKeyCredentialRequestOptionsJSON): built by the server's library, read by the browser's.
 */
export const PasskeyOptions = z.object({ challenge: z.string() }).catchall(z.unknown());
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;
export const PasskeyOptionsResponse = z.object({ options: PasskeyOptions });
export type PasskeyOptionsResponse = z.infer<typeof PasskeyOptionsResponse>;

/** One of the customer's passkeys, as "Chaves de acesso" lists it. */
export const Passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: isoDateTime(),
  last_used_at: isoDateTime().nullable(),
});
export type Passkey = z.infer<typeof Passkey>;

/** GET /api/user/passkeys */
export const PasskeysResponse = z.object({ passkeys: z.array(Passkey) });
export type PasskeysResponse = z.infer<typeof PasskeysResponse>;

/** POST /api/user/passkeys: the new passkey's name and the browser's answer to the registration options. */
export const PasskeyCreateRequest = z.object({
  name: requiredText(MESSAGES.passkeyNameRequired, PASSKEY_NAME_MAX),
  credential: PasskeyRegistrationCredential,
});
export type PasskeyCreateRequest = z.input<typeof PasskeyCreateRequest>;
export const PasskeyCreatedResponse = z.object({ passkey: Passkey, message: z.string() });
export type PasskeyCreatedResponse = z.infer<typeof PasskeyCreatedResponse>;

export const PasskeyParams = z.object({ id: idParam() });

/** DELETE /api/user/passkeys/{id}: removing a passkey asks for the password. */
export const PasskeyRemoveRequest = z.object({ password: passwordField(MESSAGES.passwordRequired) });
export type PasskeyRemoveRequest = z.infer<typeof PasskeyRemoveRequest>;

/** POST /api/login/passkey/options and /api/login/passkey/fallback: the password again, as the code's step does. */
export const PasskeyLoginOptionsRequest = z.object({
  email: emailField(),
  password: passwordField(MESSAGES.passwordRequired),
});
export type PasskeyLoginOptionsRequest = z.infer<typeof PasskeyLoginOptionsRequest>;

/** POST /api/login/passkey: the assertion; answers as POST /api/login/verification-code does. */
export const PasskeyLoginRequest = z.object({ email: emailField(), credential: PasskeyAssertion });
export type PasskeyLoginRequest = z.input<typeof PasskeyLoginRequest>;

/** POST /api/login/passkey/fallback ("Perdi minha chave de acesso"): when the e-mail code may be asked. */
export const PasskeyFallbackResponse = z.object({
  message: z.string(),
  available_at: isoDateTime(),
  wait_seconds: z.number().int(),
});
export type PasskeyFallbackResponse = z.infer<typeof PasskeyFallbackResponse>;

/**
 * A money step confirmed with a passkey: POST .../passkey-options names what it confirms (the same fields the final
 * request sends) and the assertion comes back in the final request's `passkey` field.
 */
export const PASSKEY_FIELD = 'passkey';
