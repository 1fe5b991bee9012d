import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBRL, formatGrams, formatPercentBps } from '@prata/domain';
import { MoneyText } from '@/components/money-text';
import { SIDE_TEXT } from '../labels';
import type { OrderSummary as Summary, Rates } from '../summary';

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack
      component="div"
      direction="row"
      sx={{
        justifyContent: 'space-between',
        alignItems: 'baseline',
        gap: 2,
        py: strong ? 0.75 : 0.375,
        ...(strong && { mt: 0.75, borderTop: 1, borderColor: 'divider' }),
      }}
    >
      <Typography
        component="dt"
        variant={strong ? 'body1' : 'body2'}
        color={strong ? 'text.primary' : 'text.secondary'}
        sx={{ fontWeight: strong ? 650 : 400 }}
      >
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
        <MoneyText sx={{ fontWeight: strong ? 700 : 500, fontSize: strong ? '1.125rem' : undefined }}>
          {value}
        </MoneyText>
      </Box>
    </Stack>
  );
}

/**
 * An order's summary (spec 2 §2, §9): the value, the operating fee (its percentage only when it is above the minimum;
 * at the minimum it says so), the IOF, the VET and the total to pay or the net to receive. A sell's fee and IOF are
 * shown as deductions.
 *
 * `live` (the order form, where it follows what is typed): a polite, atomic live region, so a change is read as the
 * whole summary, not as a lone figure out of its line. Not in the confirmation dialog, where it does not change.
 */
export function OrderSummary({
  summary,
  rates,
  title,
  live = false,
}: {
  summary: Summary;
  rates: Rates;
  title?: string;
  live?: boolean;
}) {
  const sell = summary.side === 'sell';
  const minus = (cents: number) => (sell ? `-${formatBRL(cents)}` : formatBRL(cents));
  const feeLabel = summary.feeAboveMinimum
    ? `Taxa operacional (${formatPercentBps(rates.feeRateBps)})`
    : 'Taxa operacional (mínima)';
  return (
    <Box
      component="section"
      aria-label={title ?? 'Resumo da ordem'}
      aria-live={live ? 'polite' : undefined}
      aria-atomic={live ? true : undefined}
      sx={{ bgcolor: 'background.default', borderRadius: 2, px: 2, py: 1.5 }}
    >
      <Box component="dl" sx={{ m: 0 }}>
        <Line
          label={`Valor (${formatGrams(summary.quantityCentigrams)} × ${summary.pricePerGramText})`}
          value={formatBRL(summary.valueCents)}
        />
        <Line label={feeLabel} value={minus(summary.feeCents)} />
        <Line label={`IOF (${formatPercentBps(rates.iofRateBps)})`} value={minus(summary.iofCents)} />
        <Line label={SIDE_TEXT[summary.side].vet} value={formatBRL(summary.vetPerGramCents)} />
        <Line label={SIDE_TEXT[summary.side].total} value={formatBRL(summary.totalCents)} strong />
      </Box>
    </Box>
  );
}
