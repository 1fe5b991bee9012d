import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { educationalVideos } from '@/db/schema/index';

// The educational videos' SQL.

export type VideoRow = typeof educationalVideos.$inferSelect;
type Tag = 'informative' | 'tutorial';

const COLUMNS = {
  id: educationalVideos.id,
  youtubeId: educationalVideos.youtubeId,
  title: educationalVideos.title,
  tag: educationalVideos.tag,
  createdBy: educationalVideos.createdBy,
  createdAt: educationalVideos.createdAt,
  updatedAt: educationalVideos.updatedAt,
};

/** A page of the videos, newest first, optionally of one tag, with how many there are. */
export async function videosPage(db: Executor, query: { tag?: Tag; limit: number; offset: number }) {
  const where: SQL | undefined = query.tag ? eq(educationalVideos.tag, query.tag) : undefined;
  const [found, [total]] = await Promise.all([
    db
      .select(COLUMNS)
      .from(educationalVideos)
      .where(where)
      .orderBy(desc(educationalVideos.createdAt), desc(educationalVideos.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(educationalVideos).where(where),
  ]);
  return { found, total: Number(total?.n ?? 0) };
}

export async function videoById(db: Executor, id: number): Promise<VideoRow | undefined> {
  const [v] = await db.select(COLUMNS).from(educationalVideos).where(eq(educationalVideos.id, id)).limit(1);
  return v;
}

type VideoColumns = { youtubeId: string; title: string; tag: Tag };

export async function insertVideo(tx: Executor, values: VideoColumns & { createdBy: number }): Promise<VideoRow> {
  const [v] = await tx.insert(educationalVideos).values(values).returning(COLUMNS);
  return v!;
}

/** The video as changed, or undefined when there is none. */
export async function updateVideoRow(tx: Executor, id: number, values: VideoColumns): Promise<VideoRow | undefined> {
  const [v] = await tx
    .update(educationalVideos)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(educationalVideos.id, id))
    .returning(COLUMNS);
  return v;
}

/** The video deleted, or undefined when there was none. */
export async function deleteVideoRow(tx: Executor, id: number) {
  const [v] = await tx
    .delete(educationalVideos)
    .where(and(eq(educationalVideos.id, id)))
    .returning({ youtubeId: educationalVideos.youtubeId, title: educationalVideos.title });
  return v;
}

export async function videoCount(db: Executor): Promise<number> {
  const [seen] = await db.select({ n: count() }).from(educationalVideos);
  return Number(seen?.n ?? 0);
}

/** Writes videos as they stand (the demo's list). */
export async function insertVideos(
  db: Executor,
  values: Array<VideoColumns & { createdAt: Date; updatedAt: Date }>,
): Promise<void> {
  await db.insert(educationalVideos).values(values);
}
