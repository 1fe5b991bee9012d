import { zodResolver } from '@hookform/resolvers/zod';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, minorToDecimal, type SilverSettingsInput, SilverSettingsRequest, UFS } from '@prata/domain';
import { useState } from 'react';
import { type Control, Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { bindField } from '@/components/bind-field';
import { DecimalTextField } from '@/components/decimal-field';
import { LoadError } from '@/components/paginated-table';
import { firstError, hasErrorCode } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { type SilverSettings, useSaveSilverSettings, useSilverSettings } from './api';
import { decimalText, percent } from './labels';
import { SectionCard } from '@/components/admin/section-card';

type IcmsRow = { state: string; internal_rate: string; interstate_rate: string };
type SettingsForm = { origin_state: string; pix_expiry_minutes: string; icms: IcmsRow[] };
type FormControl = Control<SettingsForm, unknown, SilverSettingsInput>;

const asForm = (settings: SilverSettings): SettingsForm => ({
  origin_state: settings.origin_state,
  pix_expiry_minutes: String(settings.pix_expiry_minutes),
  icms: settings.icms.map((r) => ({
    state: r.state,
    internal_rate: decimalText(r.internal_rate),
    interstate_rate: decimalText(r.interstate_rate),
  })),
});

/** The contract's output (basis points) back as the API's percentages. */
const asBody = (input: SilverSettingsInput): SilverSettingsRequest => ({
  ...input,
  icms: input.icms.map((r) => ({
    state: r.state,
    internal_rate: minorToDecimal(r.internal_rate_bps),
    interstate_rate: minorToDecimal(r.interstate_rate_bps),
  })),
});

/** DIFAL of a sale to `row`'s state: internal − interstate, never negative; none inside the company's state. */
function difalText(row: IcmsRow | undefined, origin: string): string {
  if (!row) return '';
  if (row.state === origin) return 'Estado da empresa: vale a alíquota interna, sem DIFAL';
  const internal = Number(row.internal_rate);
  const interstate = Number(row.interstate_rate);
  if (row.internal_rate === '' || row.interstate_rate === '' || Number.isNaN(internal + interstate)) return '';
  return `DIFAL ${percent(Math.max(0, internal - interstate))}`;
}

/** The company's state (where the silver leaves from) and the Pix's window. */
function CompanySection({ control }: { control: FormControl }) {
  return (
    <SectionCard title="Empresa e Pix" id="empresa">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 240px))' },
        }}
      >
        <Controller
          control={control}
          name="origin_state"
          render={({ field, fieldState }) => (
            <TextField select label="Estado da empresa" {...bindField(field, fieldState, 'De onde a prata sai')}>
              {UFS.map((uf) => (
                <MenuItem key={uf} value={uf}>
                  {uf}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="pix_expiry_minutes"
          render={({ field, fieldState }) => (
            <TextField
              label="Prazo do Pix (minutos)"
              {...bindField(field, fieldState, 'De 5 a 1.440 minutos')}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            />
          )}
        />
      </Box>
    </SectionCard>
  );
}

/** One state's ICMS: its internal and interstate rates (none for the company's own state) and the DIFAL they make. */
function IcmsRowFields({
  control,
  index,
  row,
  state,
  origin,
}: {
  control: FormControl;
  index: number;
  row: IcmsRow | undefined;
  state: string;
  origin: string;
}) {
  return (
    <Box
      component="li"
      aria-label={`ICMS de ${state}`}
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        gridTemplateColumns: {
          xs: '40px repeat(2, minmax(0, 1fr))',
          md: '48px repeat(2, minmax(0, 200px)) minmax(0, 1fr)',
        },
      }}
    >
      <Typography sx={{ fontWeight: 700 }}>{state}</Typography>
      <Controller
        control={control}
        name={`icms.${index}.internal_rate`}
        render={({ field, fieldState }) => (
          <DecimalTextField
            size="small"
            label="Interna"
            unit="%"
            max={100}
            slotProps={{ htmlInput: { 'aria-label': `Alíquota interna de ${state}` } }}
            {...bindField(field, fieldState)}
          />
        )}
      />
      <Controller
        control={control}
        name={`icms.${index}.interstate_rate`}
        render={({ field, fieldState }) => (
          <DecimalTextField
            size="small"
            label="Interestadual"
            unit="%"
            max={100}
            disabled={state === origin}
            slotProps={{ htmlInput: { 'aria-label': `Alíquota interestadual para ${state}` } }}
            {...bindField(field, fieldState)}
          />
        )}
      />
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ gridColumn: { xs: '2 / -1', md: 'auto' }, mt: { xs: -1, md: 0 } }}
      >
        {difalText(row, origin)}
      </Typography>
    </Box>
  );
}

function SettingsForm({ settings }: { settings: SilverSettings }) {
  const save = useSaveSilverSettings();
  const { control, handleSubmit, setError, reset } = useForm<SettingsForm, unknown, SilverSettingsInput>({
    resolver: zodResolver(SilverSettingsRequest) as never,
    defaultValues: asForm(settings),
  });
  const { fields, append } = useFieldArray({ control, name: 'icms' });
  const origin = useWatch({ control, name: 'origin_state' });
  const rows = useWatch({ control, name: 'icms' });
  const missing = UFS.filter((uf) => !rows.some((r) => r.state === uf));
  const [adding, setAdding] = useState('');

  const onSubmit = handleSubmit((input) => {
    save.mutate(asBody(input), {
      onSuccess: (answer) => {
        notify.success(answer.message ?? MESSAGES.silverSettingsSaved);
        reset(asForm(answer.settings));
      },
      onError: (error) =>
        applyServerErrors(error, setError, [
          'origin_state',
          'pix_expiry_minutes',
          ...rows.flatMap((_r, i) => [`icms.${i}.internal_rate`, `icms.${i}.interstate_rate`, `icms.${i}.state`]),
        ]),
    });
  });

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={onSubmit} aria-label="Taxas e impostos da prata física">
      <CompanySection control={control} />
      <SectionCard title="ICMS por estado de destino" id="icms">
        <Alert severity="info" sx={{ mb: 2 }}>
          Dentro do estado da empresa, o ICMS é a alíquota interna. Para outro estado, o ICMS é a alíquota interestadual
          e o DIFAL é a diferença até a alíquota interna do destino. Um estado fora da tabela paga a alíquota interna do
          estado da empresa. Cunhagem, seguro, PIS e COFINS são de cada produto, na aba Produtos.
        </Alert>
        {fields.length === 0 ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Nenhum estado na tabela.
          </Typography>
        ) : (
          <Stack
            component="ul"
            spacing={1.5}
            aria-label="Alíquotas de ICMS"
            sx={{ listStyle: 'none', m: 0, p: 0, mb: 2 }}
          >
            {fields.map((item, index) => (
              <IcmsRowFields
                key={item.id}
                control={control}
                index={index}
                row={rows[index]}
                state={rows[index]?.state ?? item.state}
                origin={origin}
              />
            ))}
          </Stack>
        )}
        {missing.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label="Estado"
              value={adding}
              onChange={(event) => setAdding(event.target.value)}
              sx={{ width: 120 }}
            >
              {missing.map((uf) => (
                <MenuItem key={uf} value={uf}>
                  {uf}
                </MenuItem>
              ))}
            </TextField>
            <Button
              startIcon={<AddOutlined />}
              disabled={!adding}
              onClick={() => {
                append({ state: adding, internal_rate: '', interstate_rate: '' });
                setAdding('');
              }}
            >
              Adicionar estado
            </Button>
          </Stack>
        )}
      </SectionCard>
      {/* the ICMS table is long: the button stays in reach at the bottom of the window */}
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          py: 1.5,
          bgcolor: 'background.default',
          borderTop: 1,
          borderColor: 'divider',
          zIndex: 1,
        }}
      >
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Salvar configurações
        </Button>
      </Box>
    </Stack>
  );
}

/** Taxas e impostos: GET/PUT /api/admin/silver-settings (the company's state, the Pix window, the ICMS table). */
export function SettingsTab() {
  const settings = useSilverSettings();
  if (settings.isPending) {
    return (
      <Stack spacing={2} role="progressbar" aria-busy aria-label="Carregando as configurações">
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (!settings.data) {
    if (hasErrorCode(settings.error, 'FORBIDDEN'))
      return <Alert severity="warning">{firstError(settings.error)}</Alert>;
    return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  return <SettingsForm settings={settings.data.settings} />;
}
