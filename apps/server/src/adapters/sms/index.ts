export type SmsMessage = { to: string; text: string };
export type SmsTransport = { name: string; send(message: SmsMessage): Promise<void> };

/** No SMS gateway configured (and no local mailbox): every delivery fails and the outbox keeps retrying. */
export const unconfiguredSmsTransport: SmsTransport = {
  name: 'none',
  async send() {
    throw new Error('Nenhum gateway de SMS configurado (SMS_GATEWAY_URL ou PRATA_DEV_MAILBOX=1).');
  },
};

/**
 * A plain HTTP SMS gateway: POST {to: "+55DDDNUMERO", message} with a bearer token. Most Brazilian gateways
 * (Zenvia, TotalVoice, Twilio's BR numbers) take this shape or a small variation of it.
 */
export function httpSmsTransport(url: string, token: string | undefined): SmsTransport {
  return {
    name: 'http',
    async send(m) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: `+55${m.to}`, message: m.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
