import type { ProductTypeResponse, ProductTypesResponse } from '@prata/domain';
import { api } from '@/lib/api';

/** GET /api/silver-withdrawal-product-types?page=N → { productTypes: { data, total, per_page } } (public). */
export function getProductTypes(page: number, signal?: AbortSignal): Promise<ProductTypesResponse['productTypes']> {
  return api
    .get<ProductTypesResponse>('/silver-withdrawal-product-types', { query: { page }, signal })
    .then((answer) => answer.productTypes);
}

/** GET /api/silver-withdrawal-product-type/{id} → { productType } (public; 404 for an unknown product). */
export function getProductType(id: number, signal?: AbortSignal): Promise<ProductTypeResponse['productType']> {
  return api
    .get<ProductTypeResponse>(`/silver-withdrawal-product-type/${id}`, { signal })
    .then((answer) => answer.productType);
}
