import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { siteContent } from '@/db/schema/index';

// The site content's SQL.

/** The stored HTML of a content key ('termos'), when an operator saved one. */
export async function siteContentHtml(db: Executor, key: string): Promise<string | undefined> {
  const [row] = await db.select({ html: siteContent.html }).from(siteContent).where(eq(siteContent.key, key));
  return row?.html;
}
