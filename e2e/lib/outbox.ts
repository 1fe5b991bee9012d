import { BASE_URL } from './env';
import { eventually } from './wait';

/** One e-mail or SMS the server "sent" (GET /api/dev/outbox, development only). */
export type OutboxMessage = {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  created_at: string;
};

/** Every message sent to an e-mail address or phone, newest first. */
export async function outbox(to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${BASE_URL}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`GET /api/dev/outbox answered ${response.status}`);
  const body = (await response.json()) as { messages: OutboxMessage[] };
  return body.messages;
}

/** The id of the newest message to `to` (0 when there is none): pass it as `after` to wait for the next one. */
export async function lastMessageId(to: string): Promise<number> {
  return (await outbox(to))[0]?.id ?? 0;
}

type WaitOptions = { after?: number; timeoutMs?: number };

/** Waits for the newest message to `to` (newer than `after`) that `pick` accepts, and returns what it picked. */
async function newest<T>(to: string, what: string, pick: (m: OutboxMessage) => T | undefined, options: WaitOptions) {
  const after = options.after ?? 0;
  return eventually(
    async () => {
      for (const message of await outbox(to)) {
        if (message.id <= after) break;
        const found = pick(message);
        if (found !== undefined) return found;
      }
      throw new Error(`no ${what} for ${to} in the outbox (after message #${after})`);
    },
    { timeoutMs: options.timeoutMs ?? 10_000 },
  );
}

/** The 6-digit sign-in code of the newest code message to `to`. */
export function latestCode(to: string, options: WaitOptions = {}): Promise<string> {
  return newest(to, 'verification code', (m) => /\b(\d{6})\b/.exec(m.text)?.[1], options);
}

/** The newest link to `${BASE_URL}${prefix}…` sent to `to` (e.g. prefix '/email/verify/'). */
export function latestLink(to: string, prefix: string, options: WaitOptions = {}): Promise<string> {
  const start = `${BASE_URL}${prefix}`;
  return newest(
    to,
    `link ${prefix}`,
    (m) => m.text.match(/https?:\/\/[^\s"<>]+/g)?.find((url) => url.startsWith(start)),
    options,
  );
}
