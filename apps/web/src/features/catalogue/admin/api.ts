import type {
  AdminCouponResponse,
  AdminCouponsResponse,
  AdminProductTypeResponse,
  AdminProductTypesResponse,
  CouponRequest,
  HouseBarStock,
  ProductImageUploadResponse,
  ProductTypeRequest,
  ProductTypeUpdateRequest,
  SilverSettingsRequest,
  SilverSettingsResponse,
  StockAdjustResponse,
} from '@prata/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ADMIN_SILVER_QUERY_KEY } from '@/lib/admin-query-keys';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

export type {
  AdminCoupon,
  AdminProductType,
  CouponRequest,
  HouseBarStock,
  SilverSettings,
  SilverSettingsRequest,
  StockAdjustResponse,
} from '@prata/domain';

type ProductTypesAnswer = z.infer<typeof AdminProductTypesResponse>;
type ProductTypeAnswer = z.infer<typeof AdminProductTypeResponse>;
type CouponsAnswer = z.infer<typeof AdminCouponsResponse>;
type CouponAnswer = z.infer<typeof AdminCouponResponse>;
type SettingsAnswer = z.infer<typeof SilverSettingsResponse>;

const PRODUCTS_KEY = [...ADMIN_SILVER_QUERY_KEY, 'products'] as const;
const STOCK_KEY = [...ADMIN_SILVER_QUERY_KEY, 'stock'] as const;
const COUPONS_KEY = [...ADMIN_SILVER_QUERY_KEY, 'coupons'] as const;
const SETTINGS_KEY = [...ADMIN_SILVER_QUERY_KEY, 'settings'] as const;

// ---------------------------------------------------------------- product types and the house's bars (finance)

/** GET /api/admin/silver-product-types: every product, on sale or not, by position. */
function getAdminProductTypes(): Promise<ProductTypesAnswer> {
  return api.get<ProductTypesAnswer>('/admin/silver-product-types');
}

export function useAdminProductTypes() {
  return useQuery({ queryKey: PRODUCTS_KEY, queryFn: getAdminProductTypes, staleTime: 0 });
}

/**
 * The intention's Idempotency-Key (lib/intention.ts): a double click creates one product, one image, one coupon, and
 * moves the stock once.
 */
type Intended = { key: string };

/** What a save sends: a new product with its initial stock, or an existing one without any (PUT ignores it). */
export type ProductSave = { id: null; product: ProductTypeRequest } | { id: number; product: ProductTypeUpdateRequest };

/**
 * POST /api/admin/silver-product-types (with the initial stock) or PUT …/{id} (without: the stock moves only by
 * 'Ajustar estoque' and by sales, so a save never undoes a sale made while the dialog was open) → { productType, message }
 */
function saveProductType(save: ProductSave & Intended): Promise<ProductTypeAnswer> {
  return save.id === null
    ? api.post<ProductTypeAnswer>('/admin/silver-product-types', save.product, idempotent(save.key))
    : api.put<ProductTypeAnswer>(`/admin/silver-product-types/${save.id}`, save.product);
}

export function useSaveProductType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ProductSave & Intended) => withLoading('Salvando produto...', () => saveProductType(save)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_SILVER_QUERY_KEY }),
  });
}

/**
 * POST /api/admin/silver-product-types/{id}/images (multipart, the file in `image`; PNG, JPEG or WebP up to 5 MB,
 * checked again by content) → 201 { productType, image: { path }, message }: the image is the product's last one.
 */
function uploadProductImage(id: number, file: File, key: string): Promise<ProductImageUploadResponse> {
  const form = new FormData();
  form.append('image', file, file.name);
  return api.post<ProductImageUploadResponse>(`/admin/silver-product-types/${id}/images`, form, idempotent(key));
}

export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, key }: { id: number; file: File } & Intended) =>
      withLoading('Enviando imagem...', () => uploadProductImage(id, file, key)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}

/** DELETE /api/admin/silver-product-types/{id}/images?path= → { productType, message } */
function removeProductImage(id: number, path: string): Promise<ProductTypeAnswer> {
  return api.delete<ProductTypeAnswer>(`/admin/silver-product-types/${id}/images`, { query: { path } });
}

export function useRemoveProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, path }: { id: number; path: string }) =>
      withLoading('Removendo imagem...', () => removeProductImage(id, path)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}

/** GET /api/admin/silver-stock: each product's units in stock and to ship, and the house's grams. */
function getHouseBarStock(): Promise<HouseBarStock> {
  return api.get<HouseBarStock>('/admin/silver-stock');
}

export function useHouseBarStock() {
  return useQuery({ queryKey: STOCK_KEY, queryFn: getHouseBarStock, staleTime: 0 });
}

/**
 * POST /api/admin/silver-product-types/{id}/stock { delta } (units, + or −) → the house's bars as they are now and a
 * message; below zero is a 422 STOCK_BELOW_ZERO saying how many there are.
 */
function adjustStock(id: number, delta: number, key: string): Promise<StockAdjustResponse> {
  return api.post<StockAdjustResponse>(`/admin/silver-product-types/${id}/stock`, { delta }, idempotent(key));
}

export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, delta, key }: { id: number; delta: number } & Intended) =>
      withLoading('Ajustando estoque...', () => adjustStock(id, delta, key)),
    onSuccess: (stock) => {
      queryClient.setQueryData(STOCK_KEY, stock);
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}

// ---------------------------------------------------------------- coupons (finance)

/** GET /api/admin/coupons */
function getAdminCoupons(): Promise<CouponsAnswer> {
  return api.get<CouponsAnswer>('/admin/coupons');
}

export function useAdminCoupons() {
  return useQuery({ queryKey: COUPONS_KEY, queryFn: getAdminCoupons, staleTime: 0 });
}

/** POST /api/admin/coupons (id null) or PUT /api/admin/coupons/{id} → { coupon, message } */
function saveCoupon(id: number | null, coupon: CouponRequest, key: string): Promise<CouponAnswer> {
  return id === null
    ? api.post<CouponAnswer>('/admin/coupons', coupon, idempotent(key))
    : api.put<CouponAnswer>(`/admin/coupons/${id}`, coupon);
}

export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, coupon, key }: { id: number | null; coupon: CouponRequest } & Intended) =>
      withLoading('Salvando cupom...', () => saveCoupon(id, coupon, key)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}

// ---------------------------------------------------------------- fees and taxes (finance)

/** GET /api/admin/silver-settings: the company's state, the Pix window, the ICMS table. */
function getSilverSettings(): Promise<SettingsAnswer> {
  return api.get<SettingsAnswer>('/admin/silver-settings');
}

export function useSilverSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: getSilverSettings, staleTime: 0 });
}

/** PUT /api/admin/silver-settings → { settings, message }: the ICMS rows sent are written, the others kept. */
function saveSilverSettings(settings: SilverSettingsRequest): Promise<SettingsAnswer> {
  return api.put<SettingsAnswer>('/admin/silver-settings', settings);
}

export function useSaveSilverSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SilverSettingsRequest) =>
      withLoading('Salvando configurações...', () => saveSilverSettings(settings)),
    onSuccess: (answer) => {
      queryClient.setQueryData(SETTINGS_KEY, { settings: answer.settings });
      // the catalogue's prices carry the origin state's taxes
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}
