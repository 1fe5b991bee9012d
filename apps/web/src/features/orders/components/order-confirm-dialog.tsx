import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBRL, formatGrams, MESSAGES } from '@prata/domain';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SIDE_TEXT } from '../labels';
import type { OrderSummary as Summary, Rates } from '../summary';
import { OrderSummary } from './order-summary';

/**
 * The one confirmation of an order, before it is sent: a row of the table taken (always) and an order of the form
 * above CONFIRM_ABOVE_CENTS. It says the all-in figure (a buy's total with fee and IOF, a sell's grams and net), the
 * same the request carries as `total_amount` and the server charges, above the summary. An order that cannot go
 * through is not offered: a sell that would net nothing, or one with a warning of the form (the balance or the annual
 * limit left, as the server answered them; one may come while the dialog is open) shows why and "Fechar" instead of
 * the action. The button is locked while the intention runs (`busy`).
 */
export function OrderConfirmDialog({
  open,
  title,
  summary,
  rates,
  intro,
  summaryTitle = 'Resumo da ordem a confirmar',
  warnings = [],
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  summary: Summary | null;
  rates: Rates;
  intro?: ReactNode;
  summaryTitle?: string;
  warnings?: string[];
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const allowed = summary?.allowed ?? false;
  const actionable = allowed && warnings.length === 0;
  const side = summary?.side ?? 'buy';
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={actionable ? SIDE_TEXT[side].action : 'Fechar'}
      cancelLabel="Voltar"
      pending={busy}
      onClose={onClose}
      onConfirm={actionable ? onConfirm : onClose}
    >
      {summary && (
        <Stack spacing={2}>
          {intro && (
            <Typography variant="body2" color="text.secondary">
              {intro}
            </Typography>
          )}
          {allowed ? (
            <>
              {actionable && (
                <Typography sx={{ fontWeight: 600 }}>
                  {side === 'buy'
                    ? MESSAGES.orderConfirmBuy(formatBRL(summary.totalCents))
                    : MESSAGES.orderConfirmSell(formatGrams(summary.quantityCentigrams), formatBRL(summary.totalCents))}
                </Typography>
              )}
              {warnings.map((warning) => (
                <Alert key={warning} severity="warning">
                  {warning}
                </Alert>
              ))}
              <OrderSummary summary={summary} rates={rates} title={summaryTitle} />
            </>
          ) : (
            <Alert severity="info">{MESSAGES.orderSellNotAllowed}</Alert>
          )}
        </Stack>
      )}
    </ConfirmDialog>
  );
}
