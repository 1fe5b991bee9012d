import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatDateTimeBR,
  formatGrams,
  isoToBrDate,
  parseAmountInput,
  RESERVE_BAR_MAX_CENTIGRAMS,
} from '@prata/domain';
import { type FormEvent, useState } from 'react';
import { DataList } from '@/components/admin/data-list';
import { DecimalTextField } from '@/components/decimal-field';
import { SectionCard } from '@/components/admin/section-card';
import { CenteredSpinner, PageHeader } from '@/components/page';
import { firstError } from '@/lib/api';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { barDocumentUrl } from '../api/bar-document-url';
import { useAddBar, useAdminReserves, useRebuildDay, useRemoveBar } from './api';
import { ReservesShortfallBanner } from './shortfall-banner';

const BAR_WEIGHT_INVALID = 'Informe o peso da barra em gramas, maior que zero';

function AddBarForm() {
  const add = useAddBar();
  const [serial, setSerial] = useState('');
  const [refiner, setRefiner] = useState('');
  // grams as typed the Brazilian way ("5.000", "5.000,00", "1,5"), held dot-decimal; sent as centigrams
  const [weight, setWeight] = useState('');
  const [weightError, setWeightError] = useState(false);
  const [document, setDocument] = useState<File | null>(null);
  // one bar per intention (lib/intention.ts): a double click on "Incluir barra" lists it once
  const intention = useIntention({ serial, refiner, weight, document: document && [document.name, document.size] });
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const grams = parseAmountInput(weight, { unit: 'g', max: RESERVE_BAR_MAX_CENTIGRAMS });
    setWeightError(!grams.ok);
    if (!grams.ok || !document) return;
    const bar = { serial, refiner, weightCg: String(grams.minor), document };
    try {
      const added = await intention.run((key) => add.mutateAsync({ ...bar, key }));
      if (added === undefined) return;
      notify.success(added.message);
      setSerial('');
      setRefiner('');
      setWeight('');
      setDocument(null);
    } catch {
      // shown by the form's alert (add.error)
    }
  };
  return (
    <Box component="form" onSubmit={(e) => void onSubmit(e)}>
      <Stack spacing={2}>
        {add.isError && <Alert severity="error">{firstError(add.error)}</Alert>}
        <TextField label="Número de série" value={serial} onChange={(e) => setSerial(e.target.value)} required />
        <TextField label="Refinadora" value={refiner} onChange={(e) => setRefiner(e.target.value)} required />
        <DecimalTextField
          label="Peso"
          unit="g"
          max={RESERVE_BAR_MAX_CENTIGRAMS / 100}
          value={weight}
          onChange={(next) => {
            setWeight(next);
            setWeightError(false);
          }}
          error={weightError}
          helperText={weightError ? BAR_WEIGHT_INVALID : 'Em gramas: 5.000 ou 5.000,00 para uma barra de 5 kg'}
          required
        />
        <Button variant="outlined" component="label">
          {document ? document.name : 'Laudo do auditor (PDF)'}
          <input
            hidden
            type="file"
            accept="application/pdf"
            onChange={(e) => setDocument(e.target.files?.[0] ?? null)}
          />
        </Button>
        <Button type="submit" variant="contained" disabled={!document || intention.busy}>
          Incluir barra
        </Button>
      </Stack>
    </Box>
  );
}

/** /admin/reservas: the vault's bars (logistics), the day's proof and its rebuild (finance), the shortfall alert. */
export function Component() {
  const query = useAdminReserves();
  const remove = useRemoveBar();
  const rebuild = useRebuildDay();
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError) return <Alert severity="error">{firstError(query.error)}</Alert>;
  const data = query.data;
  return (
    <>
      <PageHeader title="Prova de reservas" description="As barras do cofre e a prova diária da prata dos clientes." />
      <ReservesShortfallBanner />
      <Stack spacing={3}>
        <SectionCard title="Último dia publicado">
          {data.latest ? (
            <DataList
              items={[
                { label: 'Dia', value: isoToBrDate(data.latest.day) },
                { label: 'Prata dos clientes', value: formatGrams(data.latest.customersCg) },
                { label: 'Transferências não resgatadas', value: formatGrams(data.latest.unclaimedCg) },
                { label: 'Barras agora', value: formatGrams(data.barsCg) },
                { label: 'Diferença', value: formatGrams(data.differenceCg ?? 0) },
                { label: 'Cofre no razão', value: formatGrams(data.ledgerVaultCg) },
                { label: 'Raiz', value: data.latest.root },
                { label: 'Calculada em', value: formatDateTimeBR(data.latest.builtAt) },
              ]}
            />
          ) : (
            <Typography color="text.secondary">Nenhum dia publicado ainda.</Typography>
          )}
          {rebuild.isError && <Alert severity="error">{firstError(rebuild.error)}</Alert>}
          <Button
            sx={{ mt: 2 }}
            variant="outlined"
            disabled={rebuild.isPending}
            onClick={() => rebuild.mutate(undefined, { onSuccess: (r) => notify.success(r.message) })}
          >
            Recalcular o dia de ontem
          </Button>
        </SectionCard>
        <SectionCard title={`Barras no cofre (${data.bars.length})`}>
          {remove.isError && <Alert severity="error">{firstError(remove.error)}</Alert>}
          {data.bars.map((bar) => (
            <Stack key={bar.id} direction="row" spacing={2} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {bar.serial} · {formatGrams(bar.weightCg)}
                </Typography>
                <Typography variant="body2">
                  {bar.refiner} ·{' '}
                  <Link href={barDocumentUrl(bar.id)} target="_blank" rel="noopener">
                    {bar.documentName}
                  </Link>
                </Typography>
              </Box>
              <Button color="error" disabled={remove.isPending} onClick={() => remove.mutate(bar.id)}>
                Retirar
              </Button>
            </Stack>
          ))}
        </SectionCard>
        <SectionCard title="Incluir barra">
          <AddBarForm />
        </SectionCard>
      </Stack>
    </>
  );
}
