import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getProductType, getProductTypes } from './product-types';
import { productTypeQueryKey, productTypesQueryKey } from './keys';

/** A page of the catalogue, for the screens under the query client (the add-item dialog, the withdrawal wizard). */
export function useProductTypes(page: number, enabled = true) {
  return useQuery({
    queryKey: productTypesQueryKey(page),
    queryFn: ({ signal }) => getProductTypes(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

/** One product type (the checkout's first item). */
export function useProductType(id: number) {
  return useQuery({
    queryKey: productTypeQueryKey(id),
    queryFn: ({ signal }) => getProductType(id, signal),
    enabled: Number.isSafeInteger(id) && id > 0,
    staleTime: 30_000,
    retry: false,
  });
}
