import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { OrderMode, OrderSide } from '@prata/domain';
import { Controller } from 'react-hook-form';
import { FormMoneyField } from '@/components/money-field';
import { MODE_LABELS } from '../labels';
import { GramsTextField } from './grams-field';
import type { useOrderForm } from './use-order-form';

type Props = { side: OrderSide; form: ReturnType<typeof useOrderForm> };

/** Limit (default) or market, and "qual escolher?" which opens the explanation. */
export function OrderModeToggle({ form }: Pick<Props, 'form'>) {
  return (
    <Box>
      <Controller
        control={form.control}
        name="mode"
        render={({ field }) => (
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color="primary"
            value={field.value}
            onChange={(_event, next: OrderMode | null) => {
              if (!next) return;
              field.onChange(next);
              form.clearErrors('price_per_gram');
            }}
            aria-label="Tipo de ordem"
          >
            <ToggleButton value="limit">{MODE_LABELS.limit}</ToggleButton>
            <ToggleButton value="market">{MODE_LABELS.market}</ToggleButton>
          </ToggleButtonGroup>
        )}
      />
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => form.setExplaining(true)}
        aria-haspopup="dialog"
        sx={{ mt: 1 }}
      >
        Limitada ou a mercado: qual escolher?
      </Link>
    </Box>
  );
}

/**
 * The price per gram (disabled in market mode, where it shows the quote's average price) and the quantity, side by
 * side only where the form is wide: alone on a tablet; beside the book from md up it is narrow.
 */
export function OrderFields({ side, form }: Props) {
  const { summary } = form;
  return (
    <Stack direction={{ xs: 'column', sm: 'row', md: 'column' }} spacing={2}>
      {form.market ? (
        <TextField
          label="Preço médio por grama"
          // the summary's own average, to as many decimals as it needs (R$ 8,942)
          value={summary ? summary.pricePerGramText.replace(/^R\$ /, '') : ''}
          disabled
          helperText="O preço das ofertas do livro"
          fullWidth
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
            // read, not greyed out: the field is off, not what it says
            formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
          }}
        />
      ) : (
        <FormMoneyField
          control={form.control}
          name="price_per_gram"
          label="Preço por grama"
          helperText={side === 'buy' ? 'O máximo que você paga por grama' : 'O mínimo que você aceita por grama'}
          required
          fullWidth
        />
      )}
      <Controller
        control={form.control}
        name="quantity_grams"
        render={({ field, fieldState }) => (
          <GramsTextField
            name={field.name}
            value={String(field.value ?? '')}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'Em gramas, com até 2 casas'}
            label="Quantidade"
            required
            fullWidth
          />
        )}
      />
    </Stack>
  );
}
