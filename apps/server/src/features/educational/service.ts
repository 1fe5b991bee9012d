import { MESSAGES, type Video, type VideoInput, type VideosPage } from '@prata/domain';
import type { Executor } from '@/db/client';
import { pgConstraint, withTransaction } from '@/db/tx';
import type { AppDeps } from '@/deps';
import { writeAudit } from '@/lib/audit';
import { AppError, invalid } from '@/lib/errors';
import { deleteVideoRow, insertVideo, updateVideoRow, type VideoRow, videoById, videosPage } from './repository';

const presentVideo = (v: VideoRow): Video => ({
  id: v.id,
  youtube_id: v.youtubeId,
  title: v.title,
  tag: v.tag,
  created_at: v.createdAt.toISOString(),
});

/** GET /api/educational/videos: newest first, optionally of one tag. */
export async function listVideos(
  db: Executor,
  query: { page: number; perPage: number; tag?: 'informative' | 'tutorial' },
): Promise<{ videos: VideosPage }> {
  const { found, total: n } = await videosPage(db, {
    tag: query.tag,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return {
    videos: {
      data: found.map(presentVideo),
      total: n,
      per_page: query.perPage,
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(n / query.perPage)),
    },
  };
}

/** GET /api/educational/video/{id} */
export async function findVideo(db: Executor, id: number): Promise<{ video: Video }> {
  const v = await videoById(db, id);
  if (!v) throw new AppError('NOT_FOUND', MESSAGES.videoNotFound);
  return { video: presentVideo(v) };
}

type Staff = { userId: number; ip: string };

const alreadyListed = (err: unknown) => {
  if (pgConstraint(err) === 'educational_videos_youtube_uq') {
    return invalid('youtube', MESSAGES.videoAlreadyListed, 'ALREADY_EXISTS');
  }
  return err;
};

/** POST /api/admin/videos */
export async function createVideo(deps: AppDeps, staff: Staff, input: VideoInput) {
  try {
    const video = await withTransaction(deps.database.db, async (tx) => {
      const v = await insertVideo(tx, {
        youtubeId: input.youtube,
        title: input.title,
        tag: input.tag,
        createdBy: staff.userId,
      });
      await writeAudit(tx, {
        actorUserId: staff.userId,
        action: 'video.created',
        targetType: 'educational_video',
        targetId: v.id,
        details: { youtube_id: input.youtube, title: input.title, tag: input.tag },
        ip: staff.ip,
      });
      return v;
    });
    return { video: presentVideo(video), message: MESSAGES.videoCreated };
  } catch (err) {
    throw alreadyListed(err);
  }
}

/** PUT /api/admin/videos/{id} */
export async function updateVideo(deps: AppDeps, staff: Staff, id: number, input: VideoInput) {
  try {
    const video = await withTransaction(deps.database.db, async (tx) => {
      const v = await updateVideoRow(tx, id, { youtubeId: input.youtube, title: input.title, tag: input.tag });
      if (!v) throw new AppError('NOT_FOUND', MESSAGES.videoNotFound);
      await writeAudit(tx, {
        actorUserId: staff.userId,
        action: 'video.updated',
        targetType: 'educational_video',
        targetId: id,
        details: { youtube_id: input.youtube, title: input.title, tag: input.tag },
        ip: staff.ip,
      });
      return v;
    });
    return { video: presentVideo(video), message: MESSAGES.videoSaved };
  } catch (err) {
    throw alreadyListed(err);
  }
}

/** DELETE /api/admin/videos/{id} */
export async function deleteVideo(deps: AppDeps, staff: Staff, id: number) {
  await withTransaction(deps.database.db, async (tx) => {
    const v = await deleteVideoRow(tx, id);
    if (!v) throw new AppError('NOT_FOUND', MESSAGES.videoNotFound);
    await writeAudit(tx, {
      actorUserId: staff.userId,
      action: 'video.deleted',
      targetType: 'educational_video',
      targetId: id,
      details: { youtube_id: v.youtubeId, title: v.title },
      ip: staff.ip,
    });
  });
  return { message: MESSAGES.videoDeleted };
}
