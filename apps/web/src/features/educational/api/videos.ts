import { type VideoResponse, type VideosResponse, type VideoTag, VIDEOS_PAGE_SIZE } from '@prata/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

const VIDEOS_QUERY_KEY = ['educational'] as const;

/** GET /api/educational/videos?page&perPage&tag → { videos: { data, total, per_page, current_page, last_page } } */
const getVideos = (page: number, tag: VideoTag | null, perPage = VIDEOS_PAGE_SIZE) =>
  api.get<VideosResponse>('/educational/videos', { query: { page, perPage, tag } });

/** The grid: 12 at a time (spec 3 §9), 'Carregar mais' asks for the next page. */
export function useVideoPages(tag: VideoTag | null) {
  return useInfiniteQuery({
    queryKey: [...VIDEOS_QUERY_KEY, 'videos', tag ?? 'all'],
    queryFn: ({ pageParam }) => getVideos(pageParam, tag),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.videos.current_page < last.videos.last_page ? last.videos.current_page + 1 : undefined,
  });
}

/** GET /api/educational/video/{id} → { video } */
const getVideo = (id: number) => api.get<VideoResponse>(`/educational/video/${id}`);

export function useVideo(id: number) {
  return useQuery({
    queryKey: [...VIDEOS_QUERY_KEY, 'video', id],
    queryFn: () => getVideo(id),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}
