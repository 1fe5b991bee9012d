import type { ContactInformationResponse, FaqsResponse } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { CONTACT_QUERY_KEY, FAQS_QUERY_KEY } from './keys';

/** GET /api/faqs → faqs (answers are HTML the server sanitized) */
function getFaqs(): Promise<FaqsResponse> {
  return api.get<FaqsResponse>('/faqs');
}

export function useFaqs() {
  return useQuery({ queryKey: FAQS_QUERY_KEY, queryFn: getFaqs, staleTime: 60_000 });
}

/** GET /api/contact-information → info[] { key, value } */
function getContactInformation(): Promise<ContactInformationResponse> {
  return api.get<ContactInformationResponse>('/contact-information');
}

export function useContactInformation() {
  return useQuery({ queryKey: CONTACT_QUERY_KEY, queryFn: getContactInformation, staleTime: 60_000 });
}
