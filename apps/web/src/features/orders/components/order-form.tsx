import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBRL, formatGrams, MESSAGES, type OrderSide } from '@prata/domain';
import { MoneyText } from '@/components/money-text';
import { useUser } from '@/lib/auth';
import { toMinorUnits } from '@/lib/format';
import type { OrdersResponse } from '../api/types';
import { NOT_ENOUGH_IN_BOOK, SIDE_TEXT } from '../labels';
import type { Rates } from '../summary';
import { OrderConfirmDialog } from './order-confirm-dialog';
import { OrderFields, OrderModeToggle } from './order-fields';
import { OrderSummary } from './order-summary';
import { OrderTypesDialog } from './order-types-dialog';
import { useOrderForm } from './use-order-form';

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
 * summary while typing. The button stays, since the figures may be a moment old (a deposit just credited): pressed
 * with a warning on screen, it sends nothing and opens no confirmation, the focus goes to the warning and the figures
 * are asked again (useOrderForm).
 */
export function OrderForm({ side, data, rates }: { side: OrderSide; data: OrdersResponse; rates: Rates }) {
  const text = SIDE_TEXT[side];
  const form = useOrderForm(side, data, rates);
  const { summary, market, notAllowed, warnings } = form;
  return (
    <Stack
      ref={form.formRef}
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={form.onSubmit}
      aria-label={text.formTitle}
    >
      <OrderModeToggle form={form} />
      <OrderFields side={side} form={form} />
      {summary?.allowed && <OrderSummary summary={summary} rates={rates} live />}
      {warnings.map((warning, index) => (
        // focusable, so a press of the button with a warning on screen takes the focus to why nothing was sent
        <Alert
          key={warning}
          ref={index === 0 ? form.firstWarning : undefined}
          tabIndex={-1}
          severity="warning"
          role="status"
        >
          {warning}
        </Alert>
      ))}
      {form.quoting && <Skeleton variant="rounded" height={164} role="progressbar" aria-label="Calculando o resumo" />}
      {notAllowed && <Alert severity="info">{MESSAGES.orderSellNotAllowed}</Alert>}
      {form.unavailable && <Alert severity="warning">{NOT_ENOUGH_IN_BOOK}</Alert>}
      {!notAllowed && (
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            color={side === 'buy' ? 'primary' : 'secondary'}
            disabled={form.busy || (market && form.quantity !== null && !form.marketReady)}
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
      <OrderTypesDialog open={form.explaining} onClose={() => form.setExplaining(false)} />
      <OrderConfirmDialog
        open={form.confirming !== null}
        title={text.confirmTitle}
        summary={form.confirming?.summary ?? null}
        rates={rates}
        warnings={warnings}
        busy={form.busy}
        onConfirm={form.confirm}
        onClose={form.closeConfirmation}
      />
    </Stack>
  );
}
