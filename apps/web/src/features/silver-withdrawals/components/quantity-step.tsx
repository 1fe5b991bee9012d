import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, type ProductType, formatGrams } from '@prata/domain';
import { MoneyText } from '@/components/money-text';
import { toMinorUnits } from '@/lib/format';
import { useDebouncedValue } from '@/lib/hooks';
import { QuantityInput, RECALCULATION_DELAY_MS } from '@/features/catalogue';

/**
 * How many bars (units, at least 1), with the grams they take from custody; past the balance it says so (the server
 * refuses it too) once the number settles, or at once as the step's error when 'Continuar' finds it (`error`).
 */
export function QuantityStep({
  product,
  quantity,
  onChange,
  balanceGrams,
  error,
}: {
  product: ProductType;
  quantity: number;
  onChange: (quantity: number) => void;
  balanceGrams: number;
  error?: string | null;
}) {
  const centigrams = toMinorUnits(product.grams_per_unit) * quantity;
  const settled = useDebouncedValue(centigrams, RECALCULATION_DELAY_MS);
  // it warns once the number settles, and stops at once when the quantity comes back within the balance
  const over = Math.min(settled, centigrams) > toMinorUnits(balanceGrams);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Quantidade (unidades)
        </Typography>
        <QuantityInput value={quantity} onChange={onChange} label={`quantidade de ${product.name}`} />
        <Typography variant="body2">
          = <MoneyText sx={{ fontWeight: 700 }}>{formatGrams(centigrams)}</MoneyText> de prata
        </Typography>
      </Stack>
      {error ? (
        <Alert severity="error">{error}</Alert>
      ) : (
        over && <Alert severity="warning">{MESSAGES.insufficientSilver}</Alert>
      )}
    </Stack>
  );
}
