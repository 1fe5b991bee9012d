import type { AdminVideoResponse, MessageResponse, VideoRequest, VideosResponse } from '@prata/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';

const KEY = ['admin', 'videos'] as const;
/** The back office lists 20 a page. */
export const ADMIN_VIDEOS_PER_PAGE = 20;

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

/** POST /api/admin/videos or PUT /api/admin/videos/{id} → { video, message } */
export function useSaveVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, video }: { id: number | null; video: VideoRequest }) =>
      withLoading('Salvando vídeo...', () =>
        id === null
          ? api.post<AdminVideoResponse>('/admin/videos', video)
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
