import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html?: string | null };
/** Delivers one e-mail or throws; the outbox dispatcher retries. */
export type MailTransport = { name: string; send(message: MailMessage): Promise<void> };

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

export function smtpMailTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(m) {
      await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html ?? undefined });
    },
  };
}
