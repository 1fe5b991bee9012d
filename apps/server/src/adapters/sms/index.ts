type SmsMessage = { to: string; text: string };
export type SmsTransport = { name: string; send(message: SmsMessage): Promise<void> };

/** Who sends SMS: a plain HTTP gateway (SMS_GATEWAY_URL) or Zenvia's API v2. */
export const SMS_PROVIDERS = ['http', 'zenvia'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];
const ZENVIA_URL = 'https://api.zenvia.com';

/** No SMS gateway configured (and no local mailbox): every delivery fails and the outbox keeps retrying. */
export const unconfiguredSmsTransport: SmsTransport = {
  name: 'none',
  async send() {
    throw new Error('Nenhum gateway de SMS configurado (SMS_PROVIDER=zenvia, SMS_GATEWAY_URL ou PRATA_DEV_MAILBOX=1).');
  },
};

/**
 * A plain HTTP SMS gateway: POST {to: "+55DDDNUMERO", message} with a bearer token. For a gateway of our own or a
 * provider without an adapter here; Zenvia has its own below.
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

/**
 * Zenvia's API v2 (https://zenvia.github.io/zenvia-openapi-spec/v2/, "Send a message" on the SMS channel):
 * POST {base}/v2/channels/sms/messages with the API console's token in X-API-TOKEN and
 * `{ from, to, contents: [{ type: 'text', text }] }`, where `from` is the account's sender id and `to` the number with
 * the country code and no signs (55 + DDD + number). A 2xx answer is the accepted message (its `id`); an error answers
 * `{ code, message }` (or `description`), which is thrown for the outbox to record and retry.
 */
export function zenviaSmsTransport(opts: { token: string; from: string; baseUrl?: string }): SmsTransport {
  const url = `${(opts.baseUrl ?? ZENVIA_URL).replace(/\/$/, '')}/v2/channels/sms/messages`;
  return {
    name: 'zenvia',
    async send(m) {
      const digits = m.to.replace(/\D/g, '');
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-token': opts.token },
        body: JSON.stringify({
          from: opts.from,
          to: digits.startsWith('55') && digits.length > 11 ? digits : `55${digits}`,
          contents: [{ type: 'text', text: m.text }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.ok) {
        await res.body?.cancel();
        return;
      }
      const body = (await res.json().catch(() => null)) as {
        code?: string;
        message?: string;
        description?: string;
      } | null;
      const detail = [body?.code, body?.message ?? body?.description].filter(Boolean).join(': ');
      throw new Error(`A Zenvia recusou o SMS (HTTP ${res.status}${detail ? `, ${detail}` : ''})`);
    },
  };
}
