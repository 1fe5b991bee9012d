import { formatGrams, type OrderSide, type OrderStatus } from '@prata/domain';
import { toMinorUnits } from '@/lib/format';

/** The house's orders as the back office reads them (a ordem: feminine). */
export const HOUSE_ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  open: 'Aberta',
  filled: 'Executada',
  cancelled: 'Cancelada',
};

export const SIDE_LABELS: Record<OrderSide, string> = { buy: 'Compra', sell: 'Venda' };

import { formatReais as brl } from '@/lib/format';

export { brl };
export const grams = (value: number) => formatGrams(toMinorUnits(value));
/** A price per gram: 'R$ 5,37/g'. */
export const perGram = (reais: number) => `${brl(reais)}/g`;
