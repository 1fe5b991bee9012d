import type { CustomerFilter } from './api/customers';

/** Review statuses as operators read them (the customer-facing chip labels plus 'closed'). */
export const CUSTOMER_STATUS_LABELS: Record<string, string> = {
  pending: 'Em análise',
  approved: 'Aprovado',
  rejected: 'Recusado',
  closed: 'Encerrado',
};

export const CUSTOMER_FILTERS: ReadonlyArray<{ value: CustomerFilter; label: string }> = [
  { value: 'all', label: 'Todos' },
  { value: 'pending', label: 'Em análise' },
  { value: 'approved', label: 'Aprovados' },
  { value: 'rejected', label: 'Recusados' },
  { value: 'closed', label: 'Encerrados' },
];

export const ACCOUNT_TYPE_LABELS = { individual: 'Pessoa física', company: 'Pessoa jurídica' } as const;

export function isCustomerFilter(value: string | null): value is CustomerFilter {
  return CUSTOMER_FILTERS.some((filter) => filter.value === value);
}
