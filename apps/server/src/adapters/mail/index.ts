import nodemailer from 'nodemailer';

type MailMessage = { to: string; subject: string; text: string; html?: string | null };
/** Delivers one e-mail or throws; the outbox dispatcher retries. `close` lets go of what it keeps open. */
export type MailTransport = { name: string; send(message: MailMessage): Promise<void>; close?(): void };

/**
 * No transport configured (no SMTP_URL, no local mailbox): every delivery fails and the outbox keeps retrying, so
 * nothing is silently dropped. Production refuses to start without SMTP_URL.
 */
export const unconfiguredMailTransport: MailTransport = {
  name: 'none',
  async send() {
    throw new Error('Nenhum transporte de e-mail configurado (SMTP_URL ou PRATA_DEV_MAILBOX=1).');
  },
};

/**
 * SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465`.
 * Each message goes out as multipart/alternative (text, then HTML when there is one) in UTF-8, with From, To,
 * Subject (RFC 2047 encoded when it has accents), Date and a Message-ID of the sender's domain; the server's
 * refusal or a timeout throws, and the outbox retries with backoff. Connections are pooled: `close` ends them.
 */
export function smtpMailTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // connections kept and reused, a few at once (the outbox sends to several recipients side by side): a new TLS
    // session and login per message cost several round trips each
    pool: true,
    maxConnections: 4,
    maxMessages: 100,
    // a stuck server must not hold the dispatcher: it fails, and the outbox tries again later
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: 'smtp',
    async send(m) {
      const info = await transporter.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
        headers: { 'Content-Language': 'pt-BR' },
      });
      if (info.rejected.length > 0) throw new Error(`O servidor SMTP recusou o destinatário (${info.response})`);
    },
    close() {
      transporter.close();
    },
  };
}
