import type { MonthlyStatementResponse } from '@prata/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/statements?month=yyyy-mm: the month's statement; no month = the last complete one. */
const getStatement = (month: string | undefined) =>
  api.get<MonthlyStatementResponse>('/statements', { query: month ? { month } : {} });

export function useStatement(month: string | undefined) {
  return useQuery({
    queryKey: ['statements', month ?? 'default'],
    queryFn: () => getStatement(month),
    // the selector keeps its months while another month loads
    placeholderData: keepPreviousData,
  });
}
