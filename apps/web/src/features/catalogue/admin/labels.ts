import { formatPercentBps } from '@prata/domain';

export { decimalText } from '@prata/domain';
import { toMinorUnits } from '@/lib/format';

export { brl, grams } from '../labels';
export const percent = (value: number) => formatPercentBps(toMinorUnits(value));

/** Units, singular or plural: '1 unidade', '12 unidades'. */
export const units = (n: number) => `${n.toLocaleString('pt-BR')} ${Math.abs(n) === 1 ? 'unidade' : 'unidades'}`;
