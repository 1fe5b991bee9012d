import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChargeTotals, type Coupon, chargeSharePercent, formatPercentBps } from '@prata/domain';
import type { ReactNode } from 'react';
import { MoneyText } from '../../../components/money-text';
import { toMinorUnits } from '../../../lib/format';
import { FEE_LINES, type FeeKey } from '../fees';
import { brl, grams } from '../labels';

/** A line's share of the total, to 1 decimal (spec 1 §9): 'R$ 12,00 of R$ 100,00' → '12,0%'. */
export function shareText(line: number, total: number): string {
  const tenths = chargeSharePercent(toMinorUnits(line), toMinorUnits(total));
  return formatPercentBps(Math.round(tenths * 100), 1);
}

/** The fee and tax lines above zero (spec 1 §9: the others are not shown), in the breakdown's order. */
export function visibleFeeLines(totals: ChargeTotals): Array<{ key: FeeKey; label: string; value: number }> {
  return FEE_LINES.filter((line) => totals[line.key] > 0).map((line) => ({
    key: line.key,
    label: line.label,
    value: totals[line.key],
  }));
}

function Line({
  label,
  value,
  detail,
  strong,
}: {
  label: ReactNode;
  value: string;
  detail?: string;
  strong?: boolean;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : undefined }}>
        {label}
        {detail && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 0.75 }}>
            {detail}
          </Typography>
        )}
      </Typography>
      <MoneyText sx={{ fontWeight: strong ? 700 : 500, fontSize: strong ? '1.125rem' : undefined }}>{value}</MoneyText>
    </Stack>
  );
}

/**
 * The cost of a physical-silver order (spec 1 §2.5, §9; spec 3 "Retirar prata"): the silver (a purchase), each fee or
 * tax above zero with its share of the total, the coupon's saving and the total. `onExplain` opens the fee dialog.
 */
export function ChargeBreakdown({
  totals,
  coupon,
  onExplain,
  title = 'Resumo dos valores',
}: {
  totals: ChargeTotals;
  coupon?: Coupon | null;
  onExplain?: () => void;
  title?: string;
}) {
  const fees = visibleFeeLines(totals);
  return (
    <Box component="section" aria-label={title}>
      <Stack spacing={1}>
        {totals.silver_value > 0 && (
          <Line
            label={`Prata (${grams(totals.quantity_grams)})`}
            detail={`${brl(totals.price_per_gram)}/g`}
            value={brl(totals.silver_value)}
          />
        )}
        {totals.silver_value <= 0 && <Line label="Prata da sua custódia" value={grams(totals.quantity_grams)} />}
        {fees.map((fee) => (
          <Line key={fee.key} label={fee.label} detail={shareText(fee.value, totals.total)} value={brl(fee.value)} />
        ))}
        {totals.discount > 0 && (
          <Typography variant="body2" color="success.main">
            {coupon ? `Cupom ${coupon.code}: ` : 'Cupom: '}
            <MoneyText>{brl(totals.discount)}</MoneyText> de desconto já aplicado acima.
          </Typography>
        )}
        <Divider />
        <Line label="Total" value={brl(totals.total)} strong />
        {onExplain && (
          <Box>
            <Button size="small" startIcon={<InfoOutlined />} onClick={onExplain} sx={{ ml: -0.5 }}>
              Entenda as taxas
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
