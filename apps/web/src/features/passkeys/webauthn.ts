import type { PasskeyAssertion, PasskeyOptions } from '@prata/domain';
import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';

/** What the browser's passkey dialog may end in, in Portuguese: cancelled, unsupported, or another failure. */
export class PasskeyCeremonyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasskeyCeremonyError';
  }
}

const MESSAGES = {
  cancelled: 'A operação com a chave de acesso foi cancelada ou expirou. Tente novamente.',
  unsupported: 'Este navegador não permite usar chaves de acesso.',
  exists: 'Este aparelho já tem uma chave de acesso desta conta.',
  failed: 'Não foi possível usar a chave de acesso neste aparelho.',
};

function translate(error: unknown): never {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') throw new PasskeyCeremonyError(MESSAGES.exists);
    if (error.code === 'ERROR_CEREMONY_ABORTED') throw new PasskeyCeremonyError(MESSAGES.cancelled);
  }
  if (error instanceof Error && error.name === 'NotAllowedError') throw new PasskeyCeremonyError(MESSAGES.cancelled);
  if (error instanceof Error && /not supported|does not support/i.test(error.message))
    throw new PasskeyCeremonyError(MESSAGES.unsupported);
  throw new PasskeyCeremonyError(MESSAGES.failed);
}

/** navigator.credentials.create() with the server's options; the answer as the server reads it. */
export async function createCredential(options: PasskeyOptions) {
  try {
    return await startRegistration({ optionsJSON: options as never });
  } catch (error) {
    translate(error);
  }
}

/** navigator.credentials.get() with the server's options: the assertion that signs in or confirms money leaving. */
export async function getAssertion(options: PasskeyOptions): Promise<PasskeyAssertion> {
  try {
    return (await startAuthentication({ optionsJSON: options as never })) as PasskeyAssertion;
  } catch (error) {
    translate(error);
  }
}
