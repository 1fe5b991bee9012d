import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software for API tests: a real P-256 key pair, real CBOR attestation ("none") and real
 * ES256 signatures over authenticatorData ‖ SHA-256(clientDataJSON), as a platform authenticator makes them. Each
 * ceremony may lie about its origin, RP ID or counter, so the server's refusals can be tested. The journeys use
 * Chromium's own virtual authenticator instead (e2e/journeys/passkeys.test.ts).
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;

  constructor(
    readonly rpId = 'localhost',
    readonly origin = 'http://localhost:3000',
  ) {}

  get id() {
    return this.credentialId.toString('base64url');
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    return isoCBOR.encode(cose);
  }

  private authData(rpId: string, counter: number, attested: boolean): Buffer {
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0); // user present, user verified, attested credential data
    const head = Buffer.alloc(37);
    createHash('sha256').update(rpId).digest().copy(head, 0);
    head[32] = flags;
    head.writeUInt32BE(counter, 33);
    if (!attested) return head;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([head, Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.cosePublicKey())]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer of navigator.credentials.create() to these options. */
  register(options: { challenge: string }, lie: { origin?: string; rpId?: string } = {}) {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, lie.origin ?? this.origin);
    const attestation = new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', this.authData(lie.rpId ?? this.rpId, 0, true)],
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: Buffer.from(isoCBOR.encode(attestation as never)).toString('base64url'),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer of navigator.credentials.get() to these options; the counter moves forward unless one is given. */
  assert(options: { challenge: string }, lie: { origin?: string; rpId?: string; counter?: number } = {}) {
    const counter = lie.counter ?? ++this.counter;
    const authenticatorData = this.authData(lie.rpId ?? this.rpId, counter, false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, lie.origin ?? this.origin);
    const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
    const signature = sign('sha256', signed, this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        signature: signature.toString('base64url'),
      },
      clientExtensionResults: {},
    };
  }
}
