import type {
  AdminCouponResponse,
  AdminCouponsResponse,
  AdminProductTypeResponse,
  AdminProductTypesResponse,
  AdminSilverWithdrawalResponse,
  AdminSilverWithdrawalsResponse,
  CouponRequest,
  HouseBarStock,
  ProductImageUploadResponse,
  ProductTypeRequest,
  ProductTypeUpdateRequest,
  SilverSettingsRequest,
  SilverSettingsResponse,
  SilverWithdrawalStatus,
  StockAdjustResponse,
} from '@prata/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { idempotent } from '../../../lib/idempotency';
import { withLoading } from '../../../lib/loading';

export type {
  AdminCoupon,
  AdminProductType,
  AdminSilverWithdrawal,
  AdminSilverWithdrawalsResponse,
  CouponRequest,
  HouseBarStock,
  ProductTypeRequest,
  ProductTypeUpdateRequest,
  SilverSettings,
  SilverSettingsRequest,
  SilverWithdrawalStatus,
  StockAdjustResponse,
} from '@prata/domain';

type ProductTypesAnswer = z.infer<typeof AdminProductTypesResponse>;
type ProductTypeAnswer = z.infer<typeof AdminProductTypeResponse>;
type CouponsAnswer = z.infer<typeof AdminCouponsResponse>;
type CouponAnswer = z.infer<typeof AdminCouponResponse>;
type SettingsAnswer = z.infer<typeof SilverSettingsResponse>;
type WithdrawalAnswer = z.infer<typeof AdminSilverWithdrawalResponse>;

export const ADMIN_SILVER_QUERY_KEY = ['admin', 'silver'] as const;
const SHIPMENTS_KEY = [...ADMIN_SILVER_QUERY_KEY, 'withdrawals'] as const;
const PRODUCTS_KEY = [...ADMIN_SILVER_QUERY_KEY, 'products'] as const;
const STOCK_KEY = [...ADMIN_SILVER_QUERY_KEY, 'stock'] as const;
const COUPONS_KEY = [...ADMIN_SILVER_QUERY_KEY, 'coupons'] as const;
const SETTINGS_KEY = [...ADMIN_SILVER_QUERY_KEY, 'settings'] as const;

// ---------------------------------------------------------------- the fulfilment queue (logistics or finance)

/** GET /api/admin/silver-withdrawals?status=&page=: 'paid' is the packing queue (oldest first), others newest first. */
export function getAdminSilverWithdrawals(
  status: SilverWithdrawalStatus,
  page: number,
): Promise<AdminSilverWithdrawalsResponse> {
  return api.get<AdminSilverWithdrawalsResponse>('/admin/silver-withdrawals', { query: { status, page } });
}

export function useAdminSilverWithdrawals(status: SilverWithdrawalStatus, page: number) {
  return useQuery({
    queryKey: [...SHIPMENTS_KEY, status, page],
    queryFn: () => getAdminSilverWithdrawals(status, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * What an operator does with an order: sent (with the tracking code), delivered, rejected (with the reason), or a
 * rejected order's refund asked of the provider again (finance).
 */
export type FulfilmentMove =
  | { kind: 'sent'; id: number; tracking_code: string }
  | { kind: 'delivered'; id: number }
  | { kind: 'reject'; id: number; reason: string }
  | { kind: 'retry-refund'; id: number };

const MOVE_LOADING: Record<FulfilmentMove['kind'], string> = {
  sent: 'Registrando o envio...',
  delivered: 'Registrando a entrega...',
  reject: 'Recusando e reembolsando...',
  'retry-refund': 'Pedindo o reembolso...',
};

/**
 * POST /api/admin/silver-withdrawals/{id}/sent { tracking_code }, …/delivered, …/reject { reason }, …/retry-refund →
 * { silverWithdrawal, message }. Each is guarded by the order's state on the server, and carries the move's
 * Idempotency-Key (`key`, one per intention, lib/intention.ts): a request sent twice runs once (one e-mail, one
 * refund).
 */
export function moveSilverWithdrawal(move: FulfilmentMove & { key: string }): Promise<WithdrawalAnswer> {
  const path = `/admin/silver-withdrawals/${move.id}/${move.kind}`;
  const options = idempotent(move.key);
  if (move.kind === 'sent') return api.post<WithdrawalAnswer>(path, { tracking_code: move.tracking_code }, options);
  if (move.kind === 'reject') return api.post<WithdrawalAnswer>(path, { reason: move.reason }, options);
  return api.post<WithdrawalAnswer>(path, undefined, options);
}

export function useMoveSilverWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: FulfilmentMove & { key: string }) =>
      withLoading(MOVE_LOADING[move.kind], () => moveSilverWithdrawal(move)),
    // the queue, and the stock (a rejection puts the units back; a shipment takes them out of 'to ship')
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_SILVER_QUERY_KEY }),
  });
}

// ---------------------------------------------------------------- product types and the house's bars (finance)

/** GET /api/admin/silver-product-types: every product, on sale or not, by position. */
export function getAdminProductTypes(): Promise<ProductTypesAnswer> {
  return api.get<ProductTypesAnswer>('/admin/silver-product-types');
}

export function useAdminProductTypes() {
  return useQuery({ queryKey: PRODUCTS_KEY, queryFn: getAdminProductTypes, staleTime: 0 });
}

/** What a save sends: a new product with its initial stock, or an existing one without any (PUT ignores it). */
export type ProductSave = { id: null; product: ProductTypeRequest } | { id: number; product: ProductTypeUpdateRequest };

/**
 * POST /api/admin/silver-product-types (with the initial stock) or PUT …/{id} (without: the stock moves only by
 * 'Ajustar estoque' and by sales, so a save never undoes a sale made while the dialog was open) → { productType, message }
 */
export function saveProductType(save: ProductSave): Promise<ProductTypeAnswer> {
  return save.id === null
    ? api.post<ProductTypeAnswer>('/admin/silver-product-types', save.product)
    : api.put<ProductTypeAnswer>(`/admin/silver-product-types/${save.id}`, save.product);
}

export function useSaveProductType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ProductSave) => withLoading('Salvando produto...', () => saveProductType(save)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_SILVER_QUERY_KEY }),
  });
}

/**
 * POST /api/admin/silver-product-types/{id}/images (multipart, the file in `image`; PNG, JPEG or WebP up to 5 MB,
 * checked again by content) → 201 { productType, image: { path }, message }: the image is the product's last one.
 */
export function uploadProductImage(id: number, file: File): Promise<ProductImageUploadResponse> {
  const form = new FormData();
  form.append('image', file, file.name);
  return api.post<ProductImageUploadResponse>(`/admin/silver-product-types/${id}/images`, form);
}

export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      withLoading('Enviando imagem...', () => uploadProductImage(id, file)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}

/** DELETE /api/admin/silver-product-types/{id}/images?path= → { productType, message } */
export function removeProductImage(id: number, path: string): Promise<ProductTypeAnswer> {
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
export function getHouseBarStock(): Promise<HouseBarStock> {
  return api.get<HouseBarStock>('/admin/silver-stock');
}

export function useHouseBarStock() {
  return useQuery({ queryKey: STOCK_KEY, queryFn: getHouseBarStock, staleTime: 0 });
}

/**
 * POST /api/admin/silver-product-types/{id}/stock { delta } (units, + or −) → the house's bars as they are now and a
 * message; below zero is a 422 STOCK_BELOW_ZERO saying how many there are.
 */
export function adjustStock(id: number, delta: number): Promise<StockAdjustResponse> {
  return api.post<StockAdjustResponse>(`/admin/silver-product-types/${id}/stock`, { delta });
}

export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, delta }: { id: number; delta: number }) =>
      withLoading('Ajustando estoque...', () => adjustStock(id, delta)),
    onSuccess: (stock) => {
      queryClient.setQueryData(STOCK_KEY, stock);
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
}

// ---------------------------------------------------------------- coupons (finance)

/** GET /api/admin/coupons */
export function getAdminCoupons(): Promise<CouponsAnswer> {
  return api.get<CouponsAnswer>('/admin/coupons');
}

export function useAdminCoupons() {
  return useQuery({ queryKey: COUPONS_KEY, queryFn: getAdminCoupons, staleTime: 0 });
}

/** POST /api/admin/coupons (id null) or PUT /api/admin/coupons/{id} → { coupon, message } */
export function saveCoupon(id: number | null, coupon: CouponRequest): Promise<CouponAnswer> {
  return id === null
    ? api.post<CouponAnswer>('/admin/coupons', coupon)
    : api.put<CouponAnswer>(`/admin/coupons/${id}`, coupon);
}

export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, coupon }: { id: number | null; coupon: CouponRequest }) =>
      withLoading('Salvando cupom...', () => saveCoupon(id, coupon)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}

// ---------------------------------------------------------------- fees and taxes (finance)

/** GET /api/admin/silver-settings: the company's state, the Pix window, the ICMS table. */
export function getSilverSettings(): Promise<SettingsAnswer> {
  return api.get<SettingsAnswer>('/admin/silver-settings');
}

export function useSilverSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: getSilverSettings, staleTime: 0 });
}

/** PUT /api/admin/silver-settings → { settings, message }: the ICMS rows sent are written, the others kept. */
export function saveSilverSettings(settings: SilverSettingsRequest): Promise<SettingsAnswer> {
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
