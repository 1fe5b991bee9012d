import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageOf } from '@/components/paginated-table';
import { api } from '@/lib/api';
import type { HistorySource } from '../tabs';

/** GET {path}?page=N → { [key]: { data, total, per_page } } (spec 2 §7; pages start at 1). */
async function getHistoryPage<T>(source: HistorySource, page: number): Promise<PageOf<T>> {
  const answer = await api.get<Record<string, PageOf<T>>>(source.path, { query: { page } });
  const found = answer[source.key];
  if (!found) throw new Error(`A resposta de ${source.path} não trouxe ${source.key}.`);
  return found;
}

export function useHistoryPage<T>(source: HistorySource | null, page: number) {
  return useQuery({
    queryKey: ['history', source?.path, page],
    queryFn: () => getHistoryPage<T>(source as HistorySource, page),
    enabled: source !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
