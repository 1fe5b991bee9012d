import type {
  TicketAttachmentResponse,
  TicketCategoriesResponse,
  TicketCreatedResponse,
  TicketFields,
  TicketInteractionResponse,
  TicketRatingRequest,
  TicketRatingResponse,
  TicketResponse,
  TicketsResponse,
} from '@prata/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';
import { CATEGORIES_QUERY_KEY, SUPPORT_QUERY_KEY, ticketQueryKey, ticketsQueryKey } from './keys';

/** GET /api/tickets?page → tickets { data, total, per_page } */
function getTickets(page: number): Promise<TicketsResponse> {
  return api.get<TicketsResponse>('/tickets', { query: { page } });
}

export function useTickets(page: number) {
  return useQuery({
    queryKey: ticketsQueryKey(page),
    queryFn: () => getTickets(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/ticket → categories and subcategories */
function getTicketCategories(): Promise<TicketCategoriesResponse> {
  return api.get<TicketCategoriesResponse>('/ticket');
}

export function useTicketCategories() {
  return useQuery({ queryKey: CATEGORIES_QUERY_KEY, queryFn: getTicketCategories, staleTime: 60_000 });
}

/** GET /api/ticket/{id} → ticket */
function getTicket(id: number): Promise<TicketResponse> {
  return api.get<TicketResponse>(`/ticket/${id}`);
}

export function useTicket(id: number) {
  return useQuery({ queryKey: ticketQueryKey(id), queryFn: () => getTicket(id), staleTime: 0 });
}

/** The form's fields and its files as the multipart body of POST /api/ticket and /api/ticket/visitor. */
export function ticketFormData(fields: TicketFields, files: File[], extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...extra, ...fields })) form.append(key, String(value));
  for (const file of files) form.append('attachments[]', file, file.name);
  return form;
}

/**
 * POST /api/ticket (multipart: category_id, subcategory_id, subject, description, attachments[]) → 201 { message },
 * with the intention's Idempotency-Key (lib/intention.ts): a double tap opens one ticket.
 */
function createTicket(input: { fields: TicketFields; files: File[]; key: string }): Promise<TicketCreatedResponse> {
  return api.post<TicketCreatedResponse>('/ticket', ticketFormData(input.fields, input.files), idempotent(input.key));
}

/** The intention's Idempotency-Key (lib/intention.ts): a double tap sends one message, one file, one rating. */
type Intended = { key: string };

/** POST /api/ticket/{id}/interaction { message } → 201 { interaction, message } */
function sendInteraction(input: { id: number; message: string } & Intended): Promise<TicketInteractionResponse> {
  return api.post<TicketInteractionResponse>(
    `/ticket/${input.id}/interaction`,
    { message: input.message },
    idempotent(input.key),
  );
}

/** POST /api/ticket/{id}/attachment (multipart: file) → 201 { attachment, message } */
function uploadAttachment(input: { id: number; file: File } & Intended): Promise<TicketAttachmentResponse> {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  return api.post<TicketAttachmentResponse>(`/ticket/${input.id}/attachment`, form, idempotent(input.key));
}

/** DELETE /api/ticket/attachment/{id} → { attachment, message } */
function deleteAttachment(input: { attachmentId: number }): Promise<TicketAttachmentResponse> {
  return api.delete<TicketAttachmentResponse>(`/ticket/attachment/${input.attachmentId}`);
}

/** POST /api/ticket/{id}/rating { stars, description } → 201 { rating, message } */
function rateTicket(input: { id: number } & TicketRatingRequest & Intended): Promise<TicketRatingResponse> {
  const { id, key, ...body } = input;
  return api.post<TicketRatingResponse>(`/ticket/${id}/rating`, body, idempotent(key));
}

/** A write of the support screens: the loading dialog with `progress`, then every support list is refreshed. */
function useSupportMutation<TInput, TResult>(progress: string, call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => withLoading(progress, () => call(input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUPPORT_QUERY_KEY }),
  });
}

export const useCreateTicket = () => useSupportMutation('Abrindo ticket...', createTicket);
export const useSendInteraction = () => useSupportMutation('Enviando mensagem...', sendInteraction);
export const useUploadAttachment = () => useSupportMutation('Enviando anexo...', uploadAttachment);
export const useDeleteAttachment = () => useSupportMutation('Excluindo anexo...', deleteAttachment);
export const useRateTicket = () => useSupportMutation('Enviando avaliação...', rateTicket);
