import { DecimalTextField, type DecimalTextFieldProps } from '@/components/decimal-field';

/** The largest quantity an order names: 1.000.000,00 g (packages/domain's MAX_ORDER_CENTIGRAMS). */
const MAX_GRAMS = 1_000_000;

export type GramsTextFieldProps = Omit<DecimalTextFieldProps, 'max' | 'prefix' | 'unit'>;

/** A quantity of silver (spec 2 §5: the quantity has its own mask): "1.234,50 g", held as "1234.50"; "1.000" is 1.000 g. */
export function GramsTextField(props: GramsTextFieldProps) {
  return <DecimalTextField {...props} unit="g" max={MAX_GRAMS} />;
}
