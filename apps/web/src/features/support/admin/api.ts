import type {
  AdminFaqResponse,
  AdminFaqsResponse,
  AdminTicketCategoriesResponse,
  AdminTicketCategoryResponse,
  AdminTicketMoveResponse,
  AdminTicketResponse,
  AdminTicketsResponse,
  ContactInfoEntry,
  FaqRequest,
  TicketAttachmentResponse,
  TicketCategoryRequest,
  TicketStatus,
} from '@prata/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

export type {
  AdminFaq,
  AdminTicket,
  AdminTicketListItem,
  ContactInfoEntry,
  FaqRequest,
  TicketStatus,
} from '@prata/domain';

const ADMIN_SUPPORT_QUERY_KEY = ['admin', 'support'] as const;
const key = (...parts: Array<string | number | undefined>) => [...ADMIN_SUPPORT_QUERY_KEY, ...parts] as const;

/** A back-office write of support: the loading dialog, then every support list of the back office is refreshed. */
function useSupportWrite<TInput, TResult>(progress: string, call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => withLoading(progress, () => call(input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_SUPPORT_QUERY_KEY }),
  });
}

// ---------------------------------------------------------------- tickets

export type TicketFilter = { status?: TicketStatus; category_id?: number; page: number };

/** GET /api/admin/tickets?status&category_id&page: pending oldest first (the queue), the rest newest first. */
export function useAdminTickets(filter: TicketFilter) {
  return useQuery({
    queryKey: key('tickets', filter.status ?? 'all', filter.category_id ?? 0, filter.page),
    queryFn: () => api.get<AdminTicketsResponse>('/admin/tickets', { query: filter }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/admin/tickets/{id} */
export function useAdminTicket(id: number) {
  return useQuery({
    queryKey: key('ticket', id),
    queryFn: () => api.get<AdminTicketResponse>(`/admin/tickets/${id}`),
    staleTime: 0,
  });
}

/**
 * The writes below carry the intention's Idempotency-Key (`key`, lib/intention.ts): a double click answers, closes,
 * attaches or creates once.
 */
type Intended = { key: string };

/** POST /api/admin/tickets/{id}/interaction { message }: the customer is e-mailed. */
export const useAnswerTicket = () =>
  useSupportWrite('Enviando resposta...', (input: { id: number; message: string } & Intended) =>
    api.post<AdminTicketMoveResponse>(
      `/admin/tickets/${input.id}/interaction`,
      { message: input.message },
      idempotent(input.key),
    ),
  );

/** POST /api/admin/tickets/{id}/close { message? }: the customer is e-mailed and asked to rate. */
export const useCloseTicket = () =>
  useSupportWrite('Fechando ticket...', (input: { id: number; message: string } & Intended) =>
    api.post<AdminTicketMoveResponse>(
      `/admin/tickets/${input.id}/close`,
      { message: input.message.trim() || null },
      idempotent(input.key),
    ),
  );

/** POST /api/admin/tickets/{id}/attachment (multipart: file) */
export const useAttachToTicket = () =>
  useSupportWrite('Enviando anexo...', (input: { id: number; file: File } & Intended) => {
    const form = new FormData();
    form.append('file', input.file, input.file.name);
    return api.post<TicketAttachmentResponse>(`/admin/tickets/${input.id}/attachment`, form, idempotent(input.key));
  });

// ---------------------------------------------------------------- FAQs

export function useAdminFaqs() {
  return useQuery({ queryKey: key('faqs'), queryFn: () => api.get<AdminFaqsResponse>('/admin/faqs'), staleTime: 0 });
}

/** POST /api/admin/faqs or PUT /api/admin/faqs/{id} */
export const useSaveFaq = () =>
  useSupportWrite('Salvando pergunta...', (input: { id?: number; faq: FaqRequest } & Intended) =>
    input.id
      ? api.put<AdminFaqResponse>(`/admin/faqs/${input.id}`, input.faq)
      : api.post<AdminFaqResponse>('/admin/faqs', input.faq, idempotent(input.key)),
  );

export const useDeleteFaq = () =>
  useSupportWrite('Excluindo pergunta...', (id: number) => api.delete<AdminFaqResponse>(`/admin/faqs/${id}`));

// ---------------------------------------------------------------- contact information

type ContactAnswer = { info: ContactInfoEntry[]; message: string };

export function useAdminContact() {
  return useQuery({
    queryKey: key('contact'),
    queryFn: () => api.get<ContactAnswer>('/admin/contact-information'),
    staleTime: 0,
  });
}

export const useSaveContact = () =>
  useSupportWrite('Salvando informações...', (info: ContactInfoEntry[]) =>
    api.put<ContactAnswer>('/admin/contact-information', { info }),
  );

// ---------------------------------------------------------------- categories

export function useAdminCategories() {
  return useQuery({
    queryKey: key('categories'),
    queryFn: () => api.get<AdminTicketCategoriesResponse>('/admin/ticket-categories'),
    staleTime: 0,
  });
}

export type CategoryWrite =
  | { kind: 'category'; id?: number; body: TicketCategoryRequest }
  | { kind: 'subcategory'; id?: number; categoryId: number; body: TicketCategoryRequest };

export const useSaveCategory = () =>
  useSupportWrite('Salvando categoria...', (input: CategoryWrite & Intended) => {
    if (input.kind === 'category')
      return input.id
        ? api.put<AdminTicketCategoryResponse>(`/admin/ticket-categories/${input.id}`, input.body)
        : api.post<AdminTicketCategoryResponse>('/admin/ticket-categories', input.body, idempotent(input.key));
    return input.id
      ? api.put<AdminTicketCategoryResponse>(`/admin/ticket-subcategories/${input.id}`, input.body)
      : api.post<AdminTicketCategoryResponse>(
          `/admin/ticket-categories/${input.categoryId}/subcategories`,
          input.body,
          idempotent(input.key),
        );
  });
