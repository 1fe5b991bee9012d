import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html?: string | null };
/** Delivers one e-mail or throws; the outbox dispatcher retries. */
export type MailTransport = { name: string; send(message: MailMessage): Promise<void> };

/** Embedded default: the outbox table is the mailbox (read at /dev/caixa-postal outside production). */
export const localMailTransport: MailTransport = { name: 'local', async send() {} };

export function smtpMailTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(m) {
      await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html ?? undefined });
    },
  };
}
