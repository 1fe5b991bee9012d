import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MarketSettingsRequest, minorToDecimal } from '@prata/domain';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { bindField } from '@/components/bind-field';
import { centsToDecimalText, MoneyTextField } from '@/components/money-field';
import { applyServerErrors } from '@/lib/form-errors';
import { toMinorUnits } from '@/lib/format';
import { notify } from '@/lib/notify';
import { type AdminMarketResponse, useSaveMarketSettings } from './api';
import { DecimalTextField } from '@/components/decimal-field';
import { SectionCard } from '@/components/admin/section-card';

type RatesInput = { transaction_fee: string; iof_fee: string; minimum_fee: string };
/** what the contract parses: basis points and centavos */
type RatesOutput = z.output<typeof MarketSettingsRequest>;
const FIELDS = ['transaction_fee', 'iof_fee', 'minimum_fee'] as const;

const asText = (rates: Pick<AdminMarketResponse, (typeof FIELDS)[number]>): RatesInput => ({
  transaction_fee: centsToDecimalText(toMinorUnits(rates.transaction_fee)),
  iof_fee: centsToDecimalText(toMinorUnits(rates.iof_fee)),
  minimum_fee: centsToDecimalText(toMinorUnits(rates.minimum_fee)),
});

/**
 * The market's rates: the fee (percent), the IOF (percent) and the minimum fee (reais). Sent as the API's numbers
 * (0.5, 0.38, 5). The page reads the market again every few seconds: the fields follow it only while untouched.
 */
export function RatesForm({ market }: { market: AdminMarketResponse }) {
  const save = useSaveMarketSettings();
  const current = asText(market);
  const { control, handleSubmit, setError, reset, formState } = useForm<RatesInput, unknown, RatesOutput>({
    resolver: zodResolver(MarketSettingsRequest) as never,
    defaultValues: current,
  });
  const key = `${current.transaction_fee}|${current.iof_fee}|${current.minimum_fee}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the server's rates
  useEffect(() => {
    if (!formState.isDirty) reset(current);
  }, [key]);

  const onSubmit = handleSubmit((rates) => {
    const body = {
      transaction_fee: minorToDecimal(rates.transaction_fee_bps),
      iof_fee: minorToDecimal(rates.iof_fee_bps),
      minimum_fee: minorToDecimal(rates.minimum_fee_cents),
    };
    save.mutate(body, {
      onSuccess: ({ message }) => {
        notify.success(message);
        reset(asText(body));
      },
      onError: (error) => applyServerErrors(error, setError, FIELDS),
    });
  });

  return (
    <SectionCard title="Taxas" id="taxas">
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Taxas do mercado">
        <Alert severity="info">
          As novas taxas valem só para as ordens registradas depois de salvar; as ordens que já estão no livro mantêm as
          taxas com que foram registradas. A casa não paga taxa nem IOF.
        </Alert>
        {/* the two percents side by side even on a phone; the minimum fee below them there */}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
            '& > :last-child': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
          }}
        >
          <Controller
            control={control}
            name="transaction_fee"
            render={({ field, fieldState }) => (
              <DecimalTextField label="Taxa de transação" unit="%" max={100} {...bindField(field, fieldState)} />
            )}
          />
          <Controller
            control={control}
            name="iof_fee"
            render={({ field, fieldState }) => (
              <DecimalTextField label="IOF" unit="%" max={100} {...bindField(field, fieldState)} />
            )}
          />
          <Controller
            control={control}
            name="minimum_fee"
            render={({ field, fieldState }) => (
              <MoneyTextField label="Taxa mínima" {...bindField(field, fieldState, 'Por ordem')} />
            )}
          />
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending || !formState.isDirty}>
            Salvar taxas
          </Button>
        </Box>
      </Stack>
    </SectionCard>
  );
}
