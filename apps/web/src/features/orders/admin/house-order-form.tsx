import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatBRL, MAX_ORDER_CENTIGRAMS, type OrderSide } from '@prata/domain';
import { Controller } from 'react-hook-form';
import { bindField } from '@/components/bind-field';
import { MoneyText } from '@/components/money-text';
import { MoneyTextField } from '@/components/money-field';
import type { AdminMarketResponse } from './api';
import { DecimalTextField } from '@/components/decimal-field';
import { SectionCard } from '@/components/admin/section-card';
import { useHouseOrderForm } from './use-house-order-form';

/** What the operator should know before placing: the house cannot pay it, or it would cross the house's own order. */
function OrderWarnings({ type, short, crossing }: { type: OrderSide; short: boolean; crossing: number | null }) {
  return (
    <>
      {short && (
        <Alert severity="warning">
          {type === 'buy'
            ? 'O valor passa dos reais disponíveis da casa. Faça um aporte antes, ou diminua a ordem.'
            : 'A quantidade passa da prata disponível da casa. Faça um aporte antes, ou diminua a ordem.'}
        </Alert>
      )}
      {crossing !== null && (
        <Alert severity="warning">
          {type === 'sell'
            ? `A casa tem uma compra aberta a ${formatBRL(crossing)}/g. Ela não negocia consigo mesma: as duas ordens ficariam no livro, com a venda abaixo da compra.`
            : `A casa tem uma venda aberta a ${formatBRL(crossing)}/g. Ela não negocia consigo mesma: as duas ordens ficariam no livro, com a compra acima da venda.`}
        </Alert>
      )}
    </>
  );
}

/**
 * A limit order of the house: side, price per gram, grams. It trades against the book at once where it can and
 * rests for the rest, like a customer's; a refusal the server explains (the house's balance, a busy book) shows here
 * (use-house-order-form.ts holds the form and the placement).
 */
export function HouseOrderForm({ market }: { market: AdminMarketResponse }) {
  const { control, type, value, short, crossing, refusal, setRefusal, onSubmit, busy } = useHouseOrderForm(market);

  return (
    <SectionCard title="Nova ordem da casa" id="nova-ordem">
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Nova ordem da casa">
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <ToggleButtonGroup
              exclusive
              fullWidth
              size="small"
              color={field.value === 'buy' ? 'success' : 'error'}
              value={field.value}
              onChange={(_event, next: OrderSide | null) => next && field.onChange(next)}
              aria-label="Lado da ordem"
            >
              <ToggleButton value="buy">Comprar</ToggleButton>
              <ToggleButton value="sell">Vender</ToggleButton>
            </ToggleButtonGroup>
          )}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
          <Controller
            control={control}
            name="price_per_gram"
            render={({ field, fieldState }) => (
              <MoneyTextField label="Preço por grama" {...bindField(field, fieldState)} />
            )}
          />
          <Controller
            control={control}
            name="quantity_grams"
            render={({ field, fieldState }) => (
              <DecimalTextField
                label="Quantidade"
                unit="g"
                max={MAX_ORDER_CENTIGRAMS / 100}
                {...bindField(field, fieldState)}
              />
            )}
          />
        </Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
          <Typography color="text.secondary">Valor da ordem</Typography>
          <MoneyText sx={{ fontWeight: 700 }}>{value === null ? '—' : formatBRL(value)}</MoneyText>
        </Stack>
        <OrderWarnings type={type} short={short} crossing={crossing} />
        {refusal && (
          <Alert severity="error" onClose={() => setRefusal(null)}>
            {refusal}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" color={type === 'buy' ? 'success' : 'error'} disabled={busy}>
            {type === 'buy' ? 'Registrar compra' : 'Registrar venda'}
          </Button>
        </Box>
      </Stack>
    </SectionCard>
  );
}
