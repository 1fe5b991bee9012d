import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type ChargeExplanation,
  type ChargeTotals,
  type Coupon,
  chargeSharePercent,
  formatPercentBps,
} from '@prata/domain';
import type { ReactNode } from 'react';
import { MoneyText } from '@/components/money-text';
import { toMinorUnits } from '@/lib/format';
import { FEE_LINES, type FeeKey } from '../fees';
import { brl, grams, units } from '../labels';

/** A line's share of the total, to 1 decimal (spec 1 §9): 'R$ 12,00 of R$ 100,00' → '12,0%'. */
function shareText(line: number, total: number): string {
  const tenths = chargeSharePercent(toMinorUnits(line), toMinorUnits(total));
  return formatPercentBps(toMinorUnits(tenths), 1);
}

/** A rate as people write it: 18 → '18%', 0.5 → '0,5%', 1.65 → '1,65%'. */
export function rateText(percent: number): string {
  const bps = toMinorUnits(percent);
  return formatPercentBps(bps, bps % 100 === 0 ? 0 : bps % 10 === 0 ? 1 : 2);
}

/** The fee and tax lines above zero (spec 1 §9: the others are not shown), in the breakdown's order. */
function visibleFeeLines(totals: ChargeTotals): Array<{ key: FeeKey; label: string; value: number }> {
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
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            // on a phone the detail (a rate and its base) goes under its label, where it has the width
            sx={{ ml: { xs: 0, sm: 0.75 }, display: { xs: 'block', sm: 'inline' } }}
          >
            {detail}
          </Typography>
        )}
      </Typography>
      <MoneyText sx={{ fontWeight: strong ? 700 : 500, fontSize: strong ? '1.125rem' : undefined }}>{value}</MoneyText>
    </Stack>
  );
}

/**
 * The breakdown in its own words: the silver, the platform's charges before the coupon (each with what it
 * is: units, a rate of the silver's value), the coupon as a line of its own ('PRATA10: 10% de desconto nas taxas da
 * plataforma'), the subtotal the taxes are rates of, each tax as its rate of that subtotal, and the total. Every
 * figure is the server's (calculate-charge's `explanation`); the lines add up to the total to the centavo.
 */
function ExplainedLines({
  totals,
  coupon,
  explanation: e,
}: {
  totals: ChargeTotals;
  coupon?: Coupon | null;
  explanation: ChargeExplanation;
}) {
  const taxDetail = (rate: number | null) => (rate === null ? 'do subtotal' : `${rateText(rate)} do subtotal`);
  const difal = `${rateText(e.difal_rate)} do subtotal, diferença de alíquota para ${e.destination_state}`;
  return (
    <>
      {totals.silver_value > 0 && (
        <Line
          label={`Prata (${grams(totals.quantity_grams)})`}
          detail={`${brl(totals.price_per_gram)}/g`}
          value={brl(totals.silver_value)}
        />
      )}
      {totals.silver_value <= 0 && <Line label="Prata da sua custódia" value={grams(totals.quantity_grams)} />}
      {e.minting_fee > 0 && <Line label="Cunhagem" detail={units(e.units)} value={brl(e.minting_fee)} />}
      {e.insurance_fee > 0 && (
        <Line
          label="Seguro"
          detail={
            e.insurance_rate === null
              ? `sobre ${brl(e.insured_value)} de prata`
              : `${rateText(e.insurance_rate)} de ${brl(e.insured_value)} de prata`
          }
          value={brl(e.insurance_fee)}
        />
      )}
      {e.shipping_fee > 0 && <Line label="Frete" value={brl(e.shipping_fee)} />}
      {totals.discount > 0 && (
        <Line
          label={
            <Box component="span" sx={{ color: 'success.main' }}>
              {coupon ? `${coupon.code}: ` : 'Cupom: '}
              {rateText(e.discount_rate)} de desconto nas taxas da plataforma
            </Box>
          }
          detail={`cunhagem, seguro e frete: ${brl(e.discount_base)}`}
          value={`− ${brl(totals.discount)}`}
        />
      )}
      <Divider />
      <Line label="Subtotal" detail="base dos impostos" value={brl(e.tax_base)} />
      {totals.icms > 0 && (
        <Line
          label="ICMS"
          detail={`${rateText(e.icms_rate)} do subtotal${e.interstate ? `, alíquota de ${e.origin_state} para ${e.destination_state}` : ''}`}
          value={brl(totals.icms)}
        />
      )}
      {totals.difal > 0 && <Line label="DIFAL" detail={difal} value={brl(totals.difal)} />}
      {totals.pis > 0 && <Line label="PIS" detail={taxDetail(e.pis_rate)} value={brl(totals.pis)} />}
      {totals.cofins > 0 && <Line label="COFINS" detail={taxDetail(e.cofins_rate)} value={brl(totals.cofins)} />}
    </>
  );
}

/**
 * The cost of a physical-silver order (spec 1 §2.5, §9; spec 3 "Retirar prata"). With the server's `explanation`:
 * rates as rates of their bases and the coupon in its own line (ExplainedLines). Without it (an older
 * answer): each fee or tax above zero with its share of the total, the coupon's saving, the total. `onExplain`
 * opens the fee dialog.
 */
export function ChargeBreakdown({
  totals,
  coupon,
  explanation,
  onExplain,
  title = 'Resumo dos valores',
}: {
  totals: ChargeTotals;
  coupon?: Coupon | null;
  explanation?: ChargeExplanation;
  onExplain?: () => void;
  title?: string;
}) {
  const fees = visibleFeeLines(totals);
  return (
    <Box component="section" aria-label={title}>
      <Stack spacing={1}>
        {explanation ? (
          <ExplainedLines totals={totals} coupon={coupon} explanation={explanation} />
        ) : (
          <>
            {totals.silver_value > 0 && (
              <Line
                label={`Prata (${grams(totals.quantity_grams)})`}
                detail={`${brl(totals.price_per_gram)}/g`}
                value={brl(totals.silver_value)}
              />
            )}
            {totals.silver_value <= 0 && <Line label="Prata da sua custódia" value={grams(totals.quantity_grams)} />}
            {fees.map((fee) => (
              <Line
                key={fee.key}
                label={fee.label}
                detail={shareText(fee.value, totals.total)}
                value={brl(fee.value)}
              />
            ))}
            {totals.discount > 0 && (
              <Typography variant="body2" color="success.main">
                {coupon ? `Cupom ${coupon.code}: ` : 'Cupom: '}
                <MoneyText>{brl(totals.discount)}</MoneyText> de desconto já aplicado acima.
              </Typography>
            )}
          </>
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
