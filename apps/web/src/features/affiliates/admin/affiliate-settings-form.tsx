import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { type AffiliateSettings, AffiliateSettingsRequest, minorToDecimal } from '@prata/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { centsToDecimalText } from '@/components/money-field';
import { LoadError } from '@/components/paginated-table';
import { applyServerErrors } from '@/lib/form-errors';
import { firstError, hasErrorCode } from '@/lib/api';
import { toMinorUnits } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useAffiliateSettings, useSaveAffiliateSettings } from './api';
import { SectionCard } from '@/components/admin/section-card';
import { FormPercentField } from '@/components/admin/form-decimal-field';
import { FormTextField } from '@/components/admin/form-text-field';

type SettingsForm = { reward_share: string; validity_years: string };
/** what the contract parses: the share in basis points */
type SettingsOutput = z.output<typeof AffiliateSettingsRequest>;
const FIELDS = ['reward_share', 'validity_years'] as const;

const asForm = (s: AffiliateSettings): SettingsForm => ({
  reward_share: centsToDecimalText(toMinorUnits(s.reward_share)),
  validity_years: String(s.validity_years),
});

/** The rule of the rewards (finance): the share of the referred customer's operating fee and for how many years. */
export function AffiliateSettingsForm() {
  const settings = useAffiliateSettings();
  const save = useSaveAffiliateSettings();
  const { control, handleSubmit, setError, reset, formState } = useForm<SettingsForm, unknown, SettingsOutput>({
    resolver: zodResolver(AffiliateSettingsRequest) as never,
    defaultValues: { reward_share: '', validity_years: '' },
  });
  const loaded = settings.data?.settings;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the server's values, once loaded
  useEffect(() => {
    if (loaded && !formState.isDirty) reset(asForm(loaded));
  }, [loaded?.reward_share, loaded?.validity_years]);

  const onSubmit = handleSubmit((input) => {
    const body = { reward_share: minorToDecimal(input.reward_share_bps), validity_years: input.validity_years };
    save.mutate(body, {
      onSuccess: ({ message, settings: saved }) => {
        if (message) notify.success(message);
        reset(asForm(saved));
      },
      onError: (error) => {
        if (hasErrorCode(error, 'FORBIDDEN')) notify.error(firstError(error));
        else applyServerErrors(error, setError, FIELDS);
      },
    });
  });

  return (
    <SectionCard title="Regra das recompensas" id="regra">
      {settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !loaded ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Regra das recompensas">
          <Alert severity="info">
            O afiliado recebe, em reais, esta parte da taxa operacional de cada ordem executada por quem se cadastrou
            com o cupom dele, durante a validade contada do cadastro do indicado. Uma mudança vale para as recompensas
            creditadas depois de salvar.
          </Alert>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 240px))' } }}>
            <FormPercentField
              control={control}
              name="reward_share"
              label="Participação na taxa"
              helperText="Da taxa operacional paga pelo indicado"
            />
            <FormTextField
              control={control}
              name="validity_years"
              label="Validade (anos)"
              helperText="Anos inteiros, de 1 a 10"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
            />
          </Box>
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending || !formState.isDirty}>
              Salvar regra
            </Button>
          </Box>
        </Stack>
      )}
    </SectionCard>
  );
}
