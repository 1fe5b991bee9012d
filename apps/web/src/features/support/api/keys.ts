/** Everything of the support screens lives under ['support'], so one invalidation refreshes them all. */
export const SUPPORT_QUERY_KEY = ['support'] as const;
export const FAQS_QUERY_KEY = ['support', 'faqs'] as const;
export const CONTACT_QUERY_KEY = ['support', 'contact'] as const;
export const CATEGORIES_QUERY_KEY = ['support', 'categories'] as const;
export const ticketsQueryKey = (page: number) => ['support', 'tickets', page] as const;
export const ticketQueryKey = (id: number) => ['support', 'ticket', id] as const;
