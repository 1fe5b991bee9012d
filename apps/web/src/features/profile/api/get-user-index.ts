import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { UserIndex } from './types';

/** Under ['user'], so refreshing the signed-in user (after any change) refreshes this too. */
const USER_INDEX_QUERY_KEY = ['user', 'index'] as const;

/** GET /api/user/index: everything the /meus-dados tabs show. 403 while the registration is incomplete. */
function getUserIndex(): Promise<UserIndex> {
  return api.get<UserIndex>('/user/index');
}

export function useUserIndex() {
  return useQuery({ queryKey: USER_INDEX_QUERY_KEY, queryFn: getUserIndex, staleTime: 0 });
}
