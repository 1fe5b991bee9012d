import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatDecimalGrams,
  MASKS,
  type SavingFrequency,
  type SavingPaymentMethod,
  type SavingPlanResponse,
  type SavingSchedulePreview,
  WEEKDAY_LABELS,
} from '@prata/domain';
import { MaskedTextField } from '@/components/masked-text-field';
import { MoneyText } from '@/components/money-text';
import { MoneyTextField } from '@/components/money-field';
import { firstError } from '@/lib/api';
import { type PreviewSchedule, useSavingPreview } from '../api/preview';
import { brl, dateBR, weekdayOption } from '../labels';
import { usePlanForm } from './use-plan-form';

/** When the runs happen, said before anything is paid: the first Pix buys at once, as the current period's run. */
function ScheduleNote({ schedule, method }: { schedule: SavingSchedulePreview; method: SavingPaymentMethod }) {
  const first = dateBR(schedule.first_run_date);
  const next = dateBR(schedule.next_run_date);
  return (
    <Alert severity="info" data-testid="saving-schedule">
      {method === 'pix_automatico'
        ? `Ao pagar o primeiro Pix agora, a compra de ${first} é feita na hora. A próxima cobrança pelo Pix Automático será em ${next}.`
        : `A primeira compra será em ${first}, com o seu saldo em reais; a seguinte, em ${next}.`}
    </Alert>
  );
}

/** The preview of one run at today's book: grams, price, fee, IOF and total, never above the amount. */
function Preview({ amount, schedule }: { amount: string; schedule: PreviewSchedule }) {
  const preview = useSavingPreview(amount, schedule);
  if (Number(amount) < 10) return null;
  const p = preview.data;
  if (!p) return null;
  const when = p.schedule && schedule.payment_method && (
    <ScheduleNote schedule={p.schedule} method={schedule.payment_method} />
  );
  if (!p.available) {
    return (
      <Stack spacing={2}>
        <Alert severity="warning">Hoje não há prata à venda para este valor. O plano compra quando houver.</Alert>
        {when}
      </Stack>
    );
  }
  const fee = p.fee_is_minimum ? 'Tarifa (mínima)' : `Tarifa (${p.fee_rate_percent.toLocaleString('pt-BR')}%)`;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2, bgcolor: 'background.default' }} aria-label="Prévia de cada compra">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Com os preços de agora, cada compra seria:
        </Typography>
        <Stack spacing={0.5} data-testid="saving-preview">
          <Row label="Prata" value={`${formatDecimalGrams(p.quantity_grams)} a ${brl(p.price_per_gram)}/g`} />
          <Row label="Valor da prata" value={brl(p.value)} />
          <Row label={fee} value={brl(p.transaction_fee)} />
          <Row label={`IOF (${p.iof_rate_percent.toLocaleString('pt-BR')}%)`} value={brl(p.iof_fee)} />
          <Row label="Total" value={brl(p.total)} strong />
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          Ordem a mercado no dia da compra. Se o preço subir, compramos menos prata: nunca mais do que o valor do plano.
        </Typography>
      </Paper>
      {when}
    </Stack>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <MoneyText sx={{ fontWeight: strong ? 700 : 400 }}>{value}</MoneyText>
    </Stack>
  );
}

/** The field a server refusal names (the limits on money in name the amount), or undefined. */
/** How often the plan buys: every week on a weekday, or every month on a day from 1 to 28. */
function ScheduleFields({ form }: { form: ReturnType<typeof usePlanForm> }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label="Frequência"
        value={form.frequency}
        onChange={(e) => form.setFrequency(e.target.value as SavingFrequency)}
        fullWidth
      >
        <MenuItem value="weekly">Toda semana</MenuItem>
        <MenuItem value="monthly">Todo mês</MenuItem>
      </TextField>
      {form.frequency === 'weekly' ? (
        <TextField
          select
          label="Dia da semana"
          value={form.weekday}
          onChange={(e) => form.setWeekday(Number(e.target.value))}
          fullWidth
        >
          {WEEKDAY_LABELS.map((label, i) => (
            <MenuItem key={label} value={i}>
              {weekdayOption(i)}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <TextField
          select
          label="Dia do mês"
          value={form.monthDay}
          onChange={(e) => form.setMonthDay(Number(e.target.value))}
          fullWidth
        >
          {Array.from({ length: 28 }, (_, i) => i + 1).map((d) => (
            <MenuItem key={d} value={d}>
              dia {d}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}

/** How each run is paid: Pix Automático (authorized with the first Pix) or the balance in reais. */
function MethodField({
  method,
  onChange,
}: {
  method: SavingPaymentMethod;
  onChange: (method: SavingPaymentMethod) => void;
}) {
  return (
    <FormControl>
      <FormLabel id="saving-method">Como pagar</FormLabel>
      <RadioGroup
        aria-labelledby="saving-method"
        value={method}
        onChange={(e) => onChange(e.target.value as SavingPaymentMethod)}
      >
        <FormControlLabel
          value="pix_automatico"
          control={<Radio />}
          label="Pix Automático: você autoriza uma vez, pagando o primeiro Pix"
        />
        <FormControlLabel value="balance" control={<Radio />} label="Do meu saldo em reais" />
      </RadioGroup>
    </FormControl>
  );
}

/**
 * The new plan: amount, frequency and day, optional end date, and how to pay; the preview under the amount
 * (use-plan-form.ts holds the state and the one intention that creates it).
 */
export function PlanForm({ onCreated }: { onCreated: (answer: SavingPlanResponse) => void }) {
  const form = usePlanForm(onCreated);
  const { amount, endDate, failure, amountError, endDateError } = form;
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={form.submit} aria-label="Nova poupança automática">
      <MoneyTextField
        label="Valor de cada compra"
        value={amount}
        onChange={form.setAmount}
        required
        fullWidth
        error={amountError !== undefined}
        helperText={amountError}
      />
      <Preview amount={amount} schedule={form.schedule} />
      <ScheduleFields form={form} />
      <MaskedTextField
        label="Termina em (opcional)"
        mask={MASKS.date}
        inputMode="numeric"
        placeholder="dd/mm/aaaa"
        value={endDate}
        onChange={form.setEndDate}
        error={endDateError !== undefined}
        helperText={endDateError ?? 'dd/mm/aaaa. Deixe em branco para o plano seguir até você pausá-lo ou cancelá-lo.'}
        fullWidth
      />
      <MethodField method={form.method} onChange={form.setMethod} />
      {failure !== null && amountError === undefined && endDateError === undefined && (
        <Alert severity="error">{firstError(failure)}</Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={form.busy || !amount}>
        Criar poupança automática
      </Button>
    </Stack>
  );
}
