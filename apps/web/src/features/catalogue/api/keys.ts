/** The catalogue's reads live under ['catalogue']; the customer's withdrawals are the history's (['history']). */
const CATALOGUE_QUERY_KEY = ['catalogue'] as const;
export const productTypesQueryKey = (page: number) => [...CATALOGUE_QUERY_KEY, 'product-types', page] as const;
export const productTypeQueryKey = (id: number) => [...CATALOGUE_QUERY_KEY, 'product-type', id] as const;
/** The history tabs (features/history) keep their pages under ['history']. */
export const HISTORY_QUERY_KEY = ['history'] as const;
