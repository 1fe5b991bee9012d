import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { UserRow } from '@/db/rows';
import { users } from '@/db/schema/index';

// The plans' customers, as the scheduler, the authorisation's events and the back office read them (the plans' and
// runs' SQL is in repository.ts).

/** The plan owner's account. */
export async function planOwner(db: Executor, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/** The plan owner's name and e-mail. */
export async function planOwnerContact(db: Executor, userId: number) {
  const [owner] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return owner;
}

/** The name and e-mail of these customers. */
export function customerContacts(db: Executor, ids: number[]) {
  return ids.length === 0
    ? Promise.resolve([])
    : db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids));
}
