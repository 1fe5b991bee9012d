import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  formatBRL,
  HouseOrderRequest,
  MAX_ORDER_CENTIGRAMS,
  minorToDecimal,
  mulDivHalfUp,
  type OrderSide,
  parseAmountInput,
} from '@prata/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { bindField } from '../../../components/bind-field';
import { MoneyText } from '../../../components/money-text';
import { MoneyTextField } from '../../../components/money-field';
import { firstError, hasErrorCode } from '../../../lib/api';
import { applyServerErrors } from '../../../lib/form-errors';
import { toMinorUnits } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useIntention } from '../../../lib/intention';
import { type AdminMarketResponse, usePlaceHouseOrder } from './api';
import { DecimalTextField } from '../../../components/decimal-field';
import { SectionCard } from '../../../components/admin/section-card';

type OrderInput = { type: OrderSide; price_per_gram: string; quantity_grams: string };
/** centavos per gram and centigrams, as the contract's fields give them */
type OrderOutput = { type: OrderSide; price_per_gram: number; quantity_grams: number };
const FIELDS = ['type', 'price_per_gram', 'quantity_grams'] as const;

/** The order's value as typed (the house trades without fee or IOF), or null while a field is not a number yet. */
function valueCents(price: string, quantity: string): number | null {
  const p = parseAmountInput(price);
  const q = parseAmountInput(quantity, { unit: 'g' });
  return p.ok && q.ok ? mulDivHalfUp(p.minor, q.minor, 100) : null;
}

/**
 * The house's own open order on the other side that this price would cross (centavos per gram), if any: the house does
 * not trade with itself, so both would rest and the book would be crossed.
 */
function ownCrossing(market: AdminMarketResponse, type: OrderSide, priceCents: number): number | null {
  const opposite = market.house_orders
    .filter((o) => o.status === 'open' && o.type !== type)
    .map((o) => toMinorUnits(o.price_per_gram));
  if (opposite.length === 0) return null;
  const best = type === 'sell' ? Math.max(...opposite) : Math.min(...opposite);
  return (type === 'sell' ? priceCents <= best : priceCents >= best) ? best : null;
}

/**
 * A limit order of the house: side, price per gram, grams. It trades against the book at once where it can and
 * rests for the rest, like a customer's; a refusal the server explains (the house's balance, a busy book) shows here.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one form, mostly its fields' JSX
export function HouseOrderForm({ market }: { market: AdminMarketResponse }) {
  const place = usePlaceHouseOrder();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, getValues } = useForm<OrderInput, unknown, OrderOutput>({
    resolver: zodResolver(HouseOrderRequest) as never,
    defaultValues: { type: 'sell', price_per_gram: '', quantity_grams: '' },
  });
  const [type, price, quantity] = useWatch({ control, name: ['type', 'price_per_gram', 'quantity_grams'] });
  const value = valueCents(price, quantity);
  const grams = parseAmountInput(quantity, { unit: 'g' });
  const priceParsed = parseAmountInput(price);
  const crossing = priceParsed.ok ? ownCrossing(market, type, priceParsed.minor) : null;
  const short =
    value === null
      ? false
      : type === 'buy'
        ? value > toMinorUnits(market.house.available_reais)
        : grams.ok && grams.minor > toMinorUnits(market.house.available_grams);

  // one intention per order typed (lib/intention.ts): a double click places it once
  const intention = useIntention({ type, price, quantity });

  const onSubmit = handleSubmit(async (order) => {
    setRefusal(null);
    const body = {
      type: order.type,
      price_per_gram: minorToDecimal(order.price_per_gram),
      quantity_grams: minorToDecimal(order.quantity_grams),
    };
    try {
      const answer = await intention.run((key) => place.mutateAsync({ order: body, key }));
      if (!answer) return;
      notify.success(answer.message);
      // a fresh form for the next order, side and price kept (reset also clears the submitted state, so the
      // emptied quantity is not flagged as missing)
      reset({ ...getValues(), quantity_grams: '' });
    } catch (error) {
      // refusals of the order as a whole stay beside the form, where the operator decides what to change
      if (hasErrorCode(error, 'INSUFFICIENT_BALANCE', 'ORDER_NOT_ALLOWED', 'ORDER_BOOK_BUSY', 'FORBIDDEN')) {
        setRefusal(firstError(error));
        return;
      }
      applyServerErrors(error, setError, FIELDS);
    }
  });

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
        {refusal && (
          <Alert severity="error" onClose={() => setRefusal(null)}>
            {refusal}
          </Alert>
        )}
        <Box>
          <Button
            type="submit"
            variant="contained"
            color={type === 'buy' ? 'success' : 'error'}
            disabled={intention.busy}
          >
            {type === 'buy' ? 'Registrar compra' : 'Registrar venda'}
          </Button>
        </Box>
      </Stack>
    </SectionCard>
  );
}
