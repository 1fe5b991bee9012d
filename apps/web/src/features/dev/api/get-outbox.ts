import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type OutboxMessage = {
  id: number | string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string | null;
  html: string | null;
  created_at: string;
};

/** GET /api/dev/outbox?to= → { messages } newest first (development only). */
export async function getOutbox(to: string): Promise<OutboxMessage[]> {
  const { messages } = await api.get<{ messages: OutboxMessage[] }>('/dev/outbox', { query: { to: to || undefined } });
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
