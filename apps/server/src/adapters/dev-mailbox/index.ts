import type { Db } from '@/db/client';
import { devMailbox } from '@/db/schema/index';
import type { MailTransport } from '../mail/index';
import type { SmsTransport } from '../sms/index';

/**
 * The local development mailbox (PRATA_DEV_MAILBOX=1): e-mails and SMS are "delivered" into the dev_mailbox table,
 * read at /dev/caixa-postal. config.ts refuses it in production and beside a real transport, so no real customer's
 * code or link can land here.
 */
export function devMailboxTransports(db: Db): { mail: MailTransport; sms: SmsTransport } {
  return {
    mail: {
      name: 'dev-mailbox',
      async send(m) {
        await db.insert(devMailbox).values({
          channel: 'email',
          recipient: m.to,
          subject: m.subject,
          textBody: m.text,
          htmlBody: m.html ?? null,
        });
      },
    },
    sms: {
      name: 'dev-mailbox',
      async send(m) {
        await db.insert(devMailbox).values({ channel: 'sms', recipient: m.to, textBody: m.text });
      },
    },
  };
}
