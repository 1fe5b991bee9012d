import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  formatBRL,
  formatGrams,
  gramsField,
  MAX_ORDER_CENTIGRAMS,
  MAX_PRICE_PER_GRAM_CENTS,
  MESSAGES,
  needsConfirmation,
  type OrderMode,
  type OrderSide,
  pricePerGramField,
  minorToDecimalText,
} from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormMoneyField } from '../../../components/money-field';
import { MoneyText } from '../../../components/money-text';
import { hasErrorCode } from '../../../lib/api';
import { useUser } from '../../../lib/auth';
import { applyServerErrors } from '../../../lib/form-errors';
import { useFormDraft } from '../../../lib/form-draft';
import { toMinorUnits } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/hooks';
import { useIntention } from '../../../lib/intention';
import { notify } from '../../../lib/notify';
import { useOrderQuote } from '../api/get-order-quote';
import { ORDERS_QUERY_KEY } from '../api/keys';
import { usePlaceOrder } from '../api/place-order';
import type { OrdersResponse, PlaceOrderRequest } from '../api/types';
import { MODE_LABELS, NOT_ENOUGH_IN_BOOK, SIDE_TEXT } from '../labels';
import { limitSummary, type OrderSummary as Summary, quoteSummary, type Rates, typedMinor } from '../summary';
import { GramsTextField } from './grams-field';
import { OrderConfirmDialog } from './order-confirm-dialog';
import { atStakeCents, useOrderWarnings } from './order-warnings';
import { OrderSummary } from './order-summary';
import { OrderTypesDialog } from './order-types-dialog';
import { useRegistrationErrorHandler } from '../../../components/registration-query-state';

/** The spec's calculation delay: the summary follows the fields 300 ms after typing stops (spec 2 §4). */
export const SUMMARY_DELAY_MS = 300;

/** A limit order needs its price; a market order takes the book's (the field is disabled and not sent). */
const orderFormSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('limit'), price_per_gram: pricePerGramField(), quantity_grams: gramsField() }),
  z.object({
    mode: z.literal('market'),
    price_per_gram: z.union([z.string(), z.number()]).optional(),
    quantity_grams: gramsField(),
  }),
]);
/** The masked fields hold dot-decimal text ('12.50'); the schema gives centavos and centigrams. */
type FormInput = { mode: OrderMode; price_per_gram?: string | number; quantity_grams: string | number };
type FormOutput = z.output<typeof orderFormSchema>;

const EMPTY: FormInput = { mode: 'limit', price_per_gram: '', quantity_grams: '' };

/** What the customer has to trade with, from the signed-in user (refreshed after every order). */
function Available({ side }: { side: OrderSide }) {
  const { user } = useUser();
  if (!user) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {side === 'buy' ? 'Saldo disponível: ' : 'Prata disponível: '}
      <MoneyText sx={{ color: 'text.primary', fontWeight: 600 }}>
        {side === 'buy' ? formatBRL(toMinorUnits(user.balance_brl)) : formatGrams(toMinorUnits(user.balance_ag))}
      </MoneyText>
    </Typography>
  );
}

/**
 * "Quero comprar" / "Quero vender" (spec 2 §2): limit (default) or market, the price per gram (disabled in market
 * mode, where it shows the quote's average price), the quantity, a live summary 300 ms after typing stops — computed
 * here with orderCost for a limit order, the server's quote for a market order — and the button. A sell whose net is
 * not above zero shows neither summary nor button (spec 2 §4). After an order the form is back in limit mode.
 *
 * One intention per order (lib/intention.ts): the Idempotency-Key follows what is typed and the summary's total, so a
 * double click or a retry places one order, and the button is locked while it runs. Above CONFIRM_ABOVE_CENTS the
 * order is confirmed first (OrderConfirmDialog, the take dialog's). Warnings (balance, annual limit) show beside the
 * summary while typing; the button stays, since the figures may be a moment old (a deposit just credited) and the
 * server decides.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one form (price, quantity, preview), mostly JSX
export function OrderForm({ side, data, rates }: { side: OrderSide; data: OrdersResponse; rates: Rates }) {
  const text = SIDE_TEXT[side];
  const queryClient = useQueryClient();
  const place = usePlaceOrder();
  const handleError = useRegistrationErrorHandler();
  const [explaining, setExplaining] = useState(false);
  const [confirming, setConfirming] = useState<{ body: PlaceOrderRequest; summary: Summary } | null>(null);
  const { control, handleSubmit, setError, clearErrors, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(orderFormSchema) as never,
    defaultValues: EMPTY,
  });
  const [mode, priceText, quantityText] = useWatch({ control, name: ['mode', 'price_per_gram', 'quantity_grams'] });
  useFormDraft(`ordens:${side}`, useWatch({ control }), (draft) => reset({ ...EMPTY, ...draft }));
  const typed = useDebouncedValue(`${priceText ?? ''}|${quantityText}`, SUMMARY_DELAY_MS);
  const [debouncedPrice = '', debouncedQuantity = ''] = typed.split('|');
  const quantity = typedMinor(quantityText, MAX_ORDER_CENTIGRAMS);
  const settledQuantity = typedMinor(debouncedQuantity, MAX_ORDER_CENTIGRAMS);
  const market = mode === 'market';
  const quote = useOrderQuote(side, market ? settledQuantity : null);

  let summary: Summary | null = null;
  if (!market) {
    summary = limitSummary(side, typedMinor(debouncedPrice, MAX_PRICE_PER_GRAM_CENTS), settledQuantity, rates);
  } else if (quote.data && settledQuantity !== null && toMinorUnits(quote.data.quantity_grams) === settledQuantity) {
    summary = quoteSummary(quote.data, rates);
  }
  const notAllowed = summary !== null && !summary.allowed;
  const unavailable = market && settledQuantity !== null && quote.data?.available === false;
  const quoting = market && settledQuantity !== null && !summary && !unavailable && !quote.isError;
  /** a market order goes with the quote of the quantity on screen, never with one still on its way */
  const marketReady = summary?.allowed && summary.quantityCentigrams === quantity;
  const warnings = useOrderWarnings(summary, data);
  const intention = useIntention({
    side,
    mode,
    price: priceText ?? '',
    quantity: quantityText,
    total: summary?.totalCents,
  });

  const onPlaced = ({ message }: { message: string }) => {
    notify.success(message);
    setConfirming(null);
    reset(EMPTY);
  };
  const onFailed = (error: unknown) => {
    if (hasErrorCode(error, 'ORDER_PRICE_CHANGED')) {
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      notify.warning(error.message);
      return;
    }
    applyServerErrors(error, setError, ['price_per_gram', 'quantity_grams']);
  };

  const send = async (body: PlaceOrderRequest) => {
    try {
      const answer = await intention.run((key) => place.mutateAsync({ side, body, key }));
      if (answer) onPlaced(answer);
    } catch (error) {
      setConfirming(null);
      handleError(error, onFailed);
    }
  };

  const onSubmit = handleSubmit((values) => {
    let body: PlaceOrderRequest;
    let cost: Summary | null;
    if (values.mode === 'limit') {
      cost = limitSummary(side, values.price_per_gram, values.quantity_grams, rates);
      if (!cost) return;
      if (!cost.allowed) {
        notify.error(MESSAGES.orderSellNotAllowed);
        return;
      }
      body = {
        mode: 'limit',
        price_per_gram: minorToDecimalText(values.price_per_gram),
        quantity_grams: minorToDecimalText(values.quantity_grams),
        total_amount: minorToDecimalText(cost.totalCents),
      };
    } else {
      if (!marketReady || !summary) return;
      cost = summary;
      body = {
        mode: 'market',
        quantity_grams: minorToDecimalText(values.quantity_grams),
        total_amount: minorToDecimalText(summary.totalCents),
      };
    }
    if (needsConfirmation(atStakeCents(cost))) setConfirming({ body, summary: cost });
    else return send(body);
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={text.formTitle}>
      <Box>
        <Controller
          control={control}
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
                clearErrors('price_per_gram');
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
          onClick={() => setExplaining(true)}
          aria-haspopup="dialog"
          sx={{ mt: 1 }}
        >
          Limitada ou a mercado: qual escolher?
        </Link>
      </Box>
      {/* side by side only where the form is wide: alone on a tablet; beside the book from md up it is narrow */}
      <Stack direction={{ xs: 'column', sm: 'row', md: 'column' }} spacing={2}>
        {market ? (
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
            control={control}
            name="price_per_gram"
            label="Preço por grama"
            helperText={side === 'buy' ? 'O máximo que você paga por grama' : 'O mínimo que você aceita por grama'}
            required
            fullWidth
          />
        )}
        <Controller
          control={control}
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
      {summary?.allowed && <OrderSummary summary={summary} rates={rates} />}
      {warnings.map((warning) => (
        <Alert key={warning} severity="warning" role="status">
          {warning}
        </Alert>
      ))}
      {quoting && <Skeleton variant="rounded" height={164} role="progressbar" aria-label="Calculando o resumo" />}
      {notAllowed && <Alert severity="info">{MESSAGES.orderSellNotAllowed}</Alert>}
      {unavailable && <Alert severity="warning">{NOT_ENOUGH_IN_BOOK}</Alert>}
      {!notAllowed && (
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            color={side === 'buy' ? 'primary' : 'secondary'}
            disabled={intention.busy || (market && quantity !== null && !marketReady)}
            sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: 160 }}
          >
            {text.action}
          </Button>
        </Box>
      )}
      <Stack spacing={0.25}>
        <Available side={side} />
        <Typography variant="body2" color="text.secondary">
          Limite anual disponível:{' '}
          <MoneyText sx={{ color: 'text.primary', fontWeight: 600 }}>
            {formatBRL(toMinorUnits(data.trading_limit_left))}
          </MoneyText>{' '}
          de <MoneyText>{formatBRL(toMinorUnits(data.trading_limit))}</MoneyText>
        </Typography>
      </Stack>
      <OrderTypesDialog open={explaining} onClose={() => setExplaining(false)} />
      <OrderConfirmDialog
        open={confirming !== null}
        title={text.confirmTitle}
        summary={confirming?.summary ?? null}
        rates={rates}
        warnings={warnings}
        busy={intention.busy}
        onConfirm={() => confirming && void send(confirming.body)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
