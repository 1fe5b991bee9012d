export { formatReais as brl, formatDecimalGrams as grams } from '@prata/domain';

/** The spec's client texts (spec 1 §8, spec 3 §8). */
export const COUPON_APPLIED = 'Cupom aplicado com sucesso!';
export const COUPON_REMOVED = 'Cupom removido';
export const OUT_OF_STOCK = 'Esgotado';
export const PIX_PRICE_LABEL = 'no Pix';
/**
 * What the total adds to a catalogue price: the price has minting, insurance and the taxes of a sale in
 * the company's state; the freight, and the taxes on it (or another state's rates), come at checkout.
 */
export const PRICE_NOTE = '+ frete e impostos do frete';
export const SILVER_HISTORY_PATH = '/meu-historico/prata-retirada';

/** Why the buyer's e-mail is asked before the checkout (spec 1 §2.4). */
export const EMAIL_BENEFITS = [
  'Identificar o seu perfil',
  'Enviar atualizações sobre o seu pedido',
  'Gerenciar o seu histórico de compras',
  'Agilizar o preenchimento dos seus dados',
] as const;

/** The five steps of the checkout (spec 1 §2.5). */
export const CHECKOUT_STEPS = ['Carrinho', 'Dados pessoais', 'Endereço', 'Envio', 'Pagamento'] as const;

/** '1 unidade', '3 unidades' */
export const units = (n: number) => `${n} ${n === 1 ? 'unidade' : 'unidades'}`;

/** '3 dias úteis' */
export const businessDays = (n: number) => `${n} ${n === 1 ? 'dia útil' : 'dias úteis'}`;
