import { z } from 'zod';
import { MESSAGES } from '../messages';
import { boundedString, isoDateTime, pageParam, decimalParam } from './common';

/**
 * Educational videos (spec 3 "Educacional", "Video page", §3 Video, §7, §9): a grid of 12 per page with a tag filter
 * and 'carregar mais', titles cut at 40 characters, and a page with the YouTube player (youtube-nocookie.com).
 * Operators add, edit and remove them in the back office.
 */

/** spec 3 §9: the tags. */
export const VIDEO_TAGS = ['informative', 'tutorial'] as const;
export type VideoTag = (typeof VIDEO_TAGS)[number];
export const VIDEO_TAG_LABELS: Record<VideoTag, string> = { informative: 'Informativo', tutorial: 'Tutorial' };

/** spec 3 §9: videos per page on the screen. */
export const VIDEOS_PAGE_SIZE = 12;
/** The most a client may ask for at once. */
export const VIDEOS_PER_PAGE_MAX = 48;
/** spec 3 §9: titles are cut at 40 characters on the grid. */
export const VIDEO_TITLE_SHOWN_MAX = 40;
/** The longest title an operator may save. */
export const VIDEO_TITLE_MAX = 150;

/** A title as the grid shows it: at most 40 characters, with '…' when cut. */
export function cutVideoTitle(title: string, max = VIDEO_TITLE_SHOWN_MAX): string {
  const chars = Array.from(title);
  if (chars.length <= max) return title;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
]);

/**
 * A YouTube video's id from what an operator pastes: the id itself, or a watch, short, embed or youtu.be address.
 * Null when it is neither.
 */
export function youtubeIdFrom(text: string): string | null {
  const value = text.trim();
  if (YOUTUBE_ID.test(value)) return value;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return null;
  const candidates = [
    url.searchParams.get('v'),
    url.hostname.toLowerCase() === 'youtu.be' ? url.pathname.split('/')[1] : null,
    url.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/)?.[1] ?? null,
  ];
  return candidates.find((c): c is string => typeof c === 'string' && YOUTUBE_ID.test(c)) ?? null;
}

/** The player's address (no cookies until the person plays) and the thumbnail's (YouTube's image host). */
export const youtubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?rel=0`;
export const youtubeThumbnailUrl = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;

export const Video = z.object({
  id: z.number().int(),
  youtube_id: z.string(),
  title: z.string(),
  tag: z.enum(VIDEO_TAGS),
  created_at: isoDateTime(),
});
export type Video = z.infer<typeof Video>;

/** absent means every tag; an empty or unknown tag is refused like any other bad choice */
const tagField = () => z.enum(VIDEO_TAGS, { error: MESSAGES.videoTagInvalid }).optional();

/** GET /api/educational/videos?page&perPage&tag */
export const VideosQuery = z.object({
  page: pageParam(),
  perPage: decimalParam(1, VIDEOS_PER_PAGE_MAX).default(VIDEOS_PAGE_SIZE),
  tag: tagField(),
});
export type VideosQuery = z.input<typeof VideosQuery>;

/** A page of videos, newest first: the rows, how many in all, the page size, and the page and last page. */
export const VideosPage = z.object({
  data: z.array(Video),
  total: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
});
export type VideosPage = z.infer<typeof VideosPage>;
export const VideosResponse = z.object({ videos: VideosPage });
export type VideosResponse = z.infer<typeof VideosResponse>;
/** GET /api/educational/video/{id} */
export const VideoResponse = z.object({ video: Video });
export type VideoResponse = z.infer<typeof VideoResponse>;

// ------------------------------------------------------------------ back office

/** POST /api/admin/videos, PUT /api/admin/videos/{id}: the video (its id or address), the title and the tag. */
export const VideoRequest = z.object({
  youtube: boundedString({ max: 300, required: MESSAGES.videoYoutubeInvalid }).transform((v, ctx) => {
    const id = youtubeIdFrom(v);
    if (!id) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.videoYoutubeInvalid });
      return z.NEVER;
    }
    return id;
  }),
  title: boundedString({ max: VIDEO_TITLE_MAX, required: MESSAGES.videoTitleRequired }).min(
    1,
    MESSAGES.videoTitleRequired,
  ),
  tag: z.enum(VIDEO_TAGS, { error: MESSAGES.videoTagInvalid }),
});
export type VideoRequest = z.input<typeof VideoRequest>;
export type VideoInput = z.output<typeof VideoRequest>;
export const AdminVideoResponse = z.object({ video: Video, message: z.string() });
export type AdminVideoResponse = z.infer<typeof AdminVideoResponse>;
