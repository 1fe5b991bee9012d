import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE } from '@/lib/api';
import { USER_QUERY_KEY } from '@/lib/auth';
import { ORDERS_QUERY_KEY } from './keys';

const ORDER_STREAM_PATH = `${API_BASE}/orders/stream`;
/** Several trades in a burst are one refetch: the screen asks again at most this often. */
const STREAM_REFRESH_MS = 400;

/**
 * Live refresh while the orders screen is open: GET /api/orders/stream (Server-Sent Events, public) sends
 * `event: book` whenever the book changes; every ['orders'] query (the lists, the quote, the price history, the
 * drawer's average price) and the signed-in user (the drawer's balances) are asked again. EventSource reconnects by
 * itself (the server sets `retry:`); the stream closes when the screen does. Browsers without EventSource do without.
 */
export function useOrderStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(ORDER_STREAM_PATH);
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      timer = null;
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    };
    const onBook = () => {
      if (timer === null) timer = setTimeout(refresh, STREAM_REFRESH_MS);
    };
    source.addEventListener('book', onBook);
    return () => {
      source.removeEventListener('book', onBook);
      source.close();
      if (timer !== null) clearTimeout(timer);
    };
  }, [queryClient]);
}
