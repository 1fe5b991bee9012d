import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { deposits, devMailbox, users } from '@/db/schema/index';

// The development tools' SQL: the dev mailbox and the pending Pix deposits the embedded provider may pay.

/** The mailbox's latest messages, newest first, to one recipient (lower case) or to anyone; at most `limit`. */
export function devMailboxMessages(db: Executor, recipient: string, limit: number) {
  return db
    .select()
    .from(devMailbox)
    .where(recipient ? eq(sql`lower(${devMailbox.recipient})`, recipient) : undefined)
    .orderBy(desc(devMailbox.id))
    .limit(limit);
}

/** The latest pending Pix deposits with their customer's e-mail, newest first; at most `limit`. */
export function pendingPixDepositsWithEmail(db: Executor, limit: number) {
  return db
    .select({ deposit: deposits, email: users.email })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(and(eq(deposits.status, 'pending'), eq(deposits.method, 'pix')))
    .orderBy(desc(deposits.id))
    .limit(limit);
}
