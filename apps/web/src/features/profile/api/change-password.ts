import type { PasswordChangeRequest } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type MessageResponse } from '@/lib/api';
import { withLoading } from '@/lib/loading';

export type PasswordChangeInput = z.input<typeof PasswordChangeRequest>;

/** PUT /api/password → { message }. Other sessions end; this one stays. */
function changePassword(input: PasswordChangeInput): Promise<MessageResponse> {
  return api.put<MessageResponse>('/password', input);
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => withLoading('Alterando senha...', () => changePassword(input)),
  });
}
