import type { CodeSentResponse, ContactCodeRequest } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

/** The new contact data the code will confirm: the mobile number (digits), and a company's contact e-mail. */
export type ContactTarget = z.input<typeof ContactCodeRequest>;

/**
 * POST /api/user/contact-code: sends the code to the account's e-mail (429 CODE_RESEND_WAIT within the server's
 * resend window of the last one), with the intention's Idempotency-Key (lib/intention.ts): a double tap sends one
 * e-mail. The answer says the resend wait and how long the code confirms.
 */
function requestContactCode({ target, key }: { target: ContactTarget; key: string }): Promise<CodeSentResponse> {
  return api.post<CodeSentResponse>('/user/contact-code', target, idempotent(key));
}

export function useRequestContactCode() {
  return useMutation({
    mutationFn: (input: { target: ContactTarget; key: string }) =>
      withLoading('Enviando código...', () => requestContactCode(input)),
  });
}
