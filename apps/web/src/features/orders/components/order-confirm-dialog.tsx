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
 * same the request carries as `total_amount` and the server charges, above the summary; any warning of the form
 * stays visible here. The button is locked while the intention runs (`busy`).
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
  const side = summary?.side ?? 'buy';
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={allowed ? SIDE_TEXT[side].action : 'Fechar'}
      cancelLabel="Voltar"
      pending={busy}
      onClose={onClose}
      onConfirm={allowed ? onConfirm : onClose}
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
              <Typography sx={{ fontWeight: 600 }}>
                {side === 'buy'
                  ? MESSAGES.orderConfirmBuy(formatBRL(summary.totalCents))
                  : MESSAGES.orderConfirmSell(formatGrams(summary.quantityCentigrams), formatBRL(summary.totalCents))}
              </Typography>
              <OrderSummary summary={summary} rates={rates} title={summaryTitle} />
              {warnings.map((warning) => (
                <Alert key={warning} severity="warning">
                  {warning}
                </Alert>
              ))}
            </>
          ) : (
            <Alert severity="info">{MESSAGES.orderSellNotAllowed}</Alert>
          )}
        </Stack>
      )}
    </ConfirmDialog>
  );
}
