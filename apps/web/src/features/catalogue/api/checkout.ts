import type {
  CalculateChargeRequest,
  CalculateChargeResponse,
  CheckEmailResponse,
  CouponResponse,
  CpfCheckResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  ShippingQuoteRequest,
  ShippingQuoteResponse,
  ShippingService,
  ValidateQuantityRequest,
} from '@prata/domain';
import { api } from '@/lib/api';
import { withLoading } from '@/lib/loading';

/** POST /api/silver-withdrawal/check-email → { exists } (public). */
export function checkEmail(email: string): Promise<CheckEmailResponse> {
  return withLoading('Verificando e-mail...', () =>
    api.post<CheckEmailResponse>('/silver-withdrawal/check-email', { email }),
  );
}

/** POST /api/silver-withdrawal/check-password: answers as POST /api/login does (the code step follows). */
export function checkPassword(input: LoginRequest): Promise<LoginResponse> {
  return withLoading('Entrando...', () => api.post<LoginResponse>('/silver-withdrawal/check-password', input));
}

/** POST /api/silver-withdrawal/validate-quantity → { message }, or 422 saying what is wrong (stock, quantity). */
export function validateQuantity(input: ValidateQuantityRequest, { quiet = false } = {}): Promise<MessageResponse> {
  const call = () => api.post<MessageResponse>('/silver-withdrawal/validate-quantity', input);
  return quiet ? call() : withLoading('Conferindo o estoque...', call);
}

/** PUT /api/user/cpf-status { cpf (digits), nascimento (yyyy-mm-dd) } (public; stored for a signed-in customer). */
export function checkCpfStatus(input: { cpf: string; nascimento: string }): Promise<CpfCheckResponse> {
  return withLoading('Consultando CPF...', () => api.put<CpfCheckResponse>('/user/cpf-status', input));
}

/**
 * The options a screen lists (spec 1 §7): entries with an Error cannot serve the CEP and are dropped; the rest go
 * by DeliveryTime, fastest first (then the cheaper).
 */
function usableShippingServices(services: readonly ShippingService[]): ShippingService[] {
  return services
    .filter((service) => !service.Error)
    .sort((a, b) => a.DeliveryTime - b.DeliveryTime || a.ShippingPrice - b.ShippingPrice);
}

/** POST /api/silver-withdrawal/shipping-quote { quantity_grams, address: { cep (digits) } } → the usable options. */
export async function quoteShipping(input: ShippingQuoteRequest): Promise<ShippingService[]> {
  const { shippingServices } = await withLoading('Calculando o frete...', () =>
    api.post<ShippingQuoteResponse>('/silver-withdrawal/shipping-quote', input),
  );
  return usableShippingServices(shippingServices);
}

/** POST /api/silver-withdrawal/calculate-charge (always onlyAdminOrders, spec 1 §6). */
export function calculateCharge(input: CalculateChargeRequest): Promise<CalculateChargeResponse> {
  return withLoading('Calculando os valores...', () =>
    api.post<CalculateChargeResponse>('/silver-withdrawal/calculate-charge', { ...input, onlyAdminOrders: true }),
  );
}

/** GET /api/coupon?code= → { coupon }; an unknown, expired or used-up code is a 422 with `errors.code`. */
export function getCoupon(code: string): Promise<CouponResponse> {
  return withLoading('Conferindo o cupom...', () => api.get<CouponResponse>('/coupon', { query: { code } }));
}
