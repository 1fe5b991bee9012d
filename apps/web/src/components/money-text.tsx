import Box, { type BoxProps } from '@mui/material/Box';

/** Text set in tabular numerals, for money and grams. */
export function MoneyText({ children, sx, ...props }: BoxProps<'span'>) {
  return (
    <Box component="span" {...props} sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...sx }}>
      {children}
    </Box>
  );
}
