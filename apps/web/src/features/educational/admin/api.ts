import type { AdminVideoResponse, MessageResponse, VideoRequest, VideosResponse } from '@prata/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

const KEY = ['admin', 'videos'] as const;
/** The back office lists 20 a page. */
const ADMIN_VIDEOS_PER_PAGE = 20;

/** The same list customers see (GET /api/educational/videos), newest first. */
export function useAdminVideos(page: number) {
  return useQuery({
    queryKey: [...KEY, page],
    queryFn: () => api.get<VideosResponse>('/educational/videos', { query: { page, perPage: ADMIN_VIDEOS_PER_PAGE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

function invalidate(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: KEY });
  void queryClient.invalidateQueries({ queryKey: ['educational'] });
}

/**
 * POST /api/admin/videos or PUT /api/admin/videos/{id} → { video, message }; a new one with the intention's
 * Idempotency-Key (`key`, lib/intention.ts), so a double click lists it once.
 */
export function useSaveVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, video, key }: { id: number | null; video: VideoRequest; key: string }) =>
      withLoading('Salvando vídeo...', () =>
        id === null
          ? api.post<AdminVideoResponse>('/admin/videos', video, idempotent(key))
          : api.put<AdminVideoResponse>(`/admin/videos/${id}`, video),
      ),
    onSuccess: () => invalidate(queryClient),
  });
}

/** DELETE /api/admin/videos/{id} → { message } */
export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      withLoading('Removendo vídeo...', () => api.delete<MessageResponse>(`/admin/videos/${id}`)),
    onSuccess: () => invalidate(queryClient),
  });
}
