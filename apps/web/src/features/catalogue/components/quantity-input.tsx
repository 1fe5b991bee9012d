import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Remove from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import { CART_MAX_UNITS } from '@prata/domain';
import { useEffect, useId, useState } from 'react';
import { visuallyHidden } from '@/components/polite-announcer';

/**
 * Units of a product: − and + around a whole number, at least 1 (spec 1 §5) and at most CART_MAX_UNITS. While the
 * field is being typed in it may be empty; leaving it puts back the last valid number. The field has a real <label>
 * ('Quantidade de Barra 100 g'): its accessible name whatever the assistive technology reads.
 */
export function QuantityInput({
  value,
  onChange,
  label,
  disabled,
}: {
  value: number;
  onChange: (quantity: number) => void;
  label: string;
  disabled?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const set = (n: number) => onChange(Math.min(CART_MAX_UNITS, Math.max(1, n)));

  return (
    <Stack
      direction="row"
      sx={{
        position: 'relative',
        alignItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 5,
        width: 'fit-content',
        // the typed number's focus: the halo of the other text fields (theme.ts), around the whole control
        '&:has(input:focus)': { borderColor: 'secondary.main', boxShadow: '0 0 0 3px rgba(0, 121, 107, 0.35)' },
      }}
    >
      <IconButton
        size="small"
        aria-label={`Diminuir ${label}`}
        onClick={() => set(value - 1)}
        disabled={disabled || value <= 1}
      >
        <Remove fontSize="small" />
      </IconButton>
      {/* present for screen readers and label clicks, not drawn: the column's header (or the row) says it to the eye */}
      <Box component="label" htmlFor={id} sx={visuallyHidden}>
        {label.charAt(0).toUpperCase() + label.slice(1)}
      </Box>
      <InputBase
        id={id}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, 4);
          setText(digits);
          const n = Number(digits);
          if (digits && n >= 1) set(n);
        }}
        onBlur={() => setText(String(value))}
        inputProps={{
          inputMode: 'numeric',
          style: { textAlign: 'center', width: '3ch', padding: 0, fontVariantNumeric: 'tabular-nums' },
        }}
      />
      <IconButton
        size="small"
        aria-label={`Aumentar ${label}`}
        onClick={() => set(value + 1)}
        disabled={disabled || value >= CART_MAX_UNITS}
      >
        <Add fontSize="small" />
      </IconButton>
    </Stack>
  );
}
