import type { TicketCodeResponse, TicketCreatedResponse, TicketFields, TicketVerifyCodeResponse } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';
import { ticketFormData } from './tickets';

/**
 * POST /api/ticket/send-verification-code { email } → { message, resendAfterSeconds } (also the resend), with the
 * intention's Idempotency-Key (lib/intention.ts): a double tap sends one e-mail.
 */
function sendVisitorCode({ email, key }: { email: string; key: string }): Promise<TicketCodeResponse> {
  return api.post<TicketCodeResponse>('/ticket/send-verification-code', { email }, idempotent(key));
}

/** POST /api/ticket/verify-code { email, code } → { message, verification_token } */
function verifyVisitorCode(input: { email: string; code: string }): Promise<TicketVerifyCodeResponse> {
  return api.post<TicketVerifyCodeResponse>('/ticket/verify-code', input);
}

/**
 * POST /api/ticket/visitor (multipart: email, verification_token and the ticket fields) → 201 { message }, with the
 * intention's Idempotency-Key: a double tap opens one ticket.
 */
export function createVisitorTicket(input: {
  email: string;
  token: string;
  fields: TicketFields;
  files: File[];
  key: string;
}): Promise<TicketCreatedResponse> {
  return api.post<TicketCreatedResponse>(
    '/ticket/visitor',
    ticketFormData(input.fields, input.files, { email: input.email, verification_token: input.token }),
    idempotent(input.key),
  );
}

export const useSendVisitorCode = () =>
  useMutation({
    mutationFn: (input: { email: string; key: string }) =>
      withLoading('Enviando código...', () => sendVisitorCode(input)),
  });
export const useVerifyVisitorCode = () =>
  useMutation({
    mutationFn: (input: { email: string; code: string }) =>
      withLoading('Conferindo código...', () => verifyVisitorCode(input)),
  });
export const useCreateVisitorTicket = () =>
  useMutation({
    mutationFn: (input: Parameters<typeof createVisitorTicket>[0]) =>
      withLoading('Abrindo ticket...', () => createVisitorTicket(input)),
  });
