import Box, { type BoxProps } from '@mui/material/Box';
import { formatDecimalGrams, formatReais } from '@prata/domain';

/**
 * Text set in tabular numerals, for money and grams. Marked `data-keep-clear`: the floating chat button never covers
 * a figure (features/chat/clear-spot.ts).
 */
export function MoneyText({ children, sx, ...props }: BoxProps<'span'>) {
  return (
    <Box
      component="span"
      data-keep-clear=""
      {...props}
      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...sx }}
    >
      {children}
    </Box>
  );
}

/** Reais (the API's decimal number) in tabular numerals: 1234.56 → R$ 1.234,56. */
export const reaisText = (reais: number) => <MoneyText>{formatReais(reais)}</MoneyText>;

/** Grams (the API's decimal number) in tabular numerals: 12.34 → 12,34 g. */
export const gramsText = (grams: number) => <MoneyText>{formatDecimalGrams(grams)}</MoneyText>;
