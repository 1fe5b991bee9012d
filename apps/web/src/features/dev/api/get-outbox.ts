import type { OutboxMessage, OutboxResponse } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { OutboxMessage } from '@prata/domain';

/** GET /api/dev/outbox?to= → { messages } newest first (development only). */
async function getOutbox(to: string): Promise<OutboxMessage[]> {
  const { messages } = await api.get<OutboxResponse>('/dev/outbox', { query: { to: to || undefined } });
  return messages;
}

export function useOutbox(to: string) {
  return useQuery({
    queryKey: ['dev', 'outbox', to],
    queryFn: () => getOutbox(to),
    staleTime: 0,
    refetchInterval: 5_000,
  });
}
