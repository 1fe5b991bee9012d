import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CreatePriceAlertRequest,
  formatDateTimeBR,
  formatReais,
  PRICE_ALERT_DIRECTION_LABELS,
  type PriceAlert,
  type PriceAlertDirection,
} from '@prata/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DecimalTextField } from '@/components/decimal-field';
import { PageHeader } from '@/components/page';
import { LoadError } from '@/components/paginated-table';
import { isApiError } from '@/lib/api';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useCreatePriceAlert } from '../api/create-price-alert';
import { usePriceAlerts } from '../api/price-alerts';
import { currentSubscription, disablePush, enablePush, pushSupported } from '../api/push-subscription';
import { useAlertRemoval } from './use-alert-removal';

type Errors = Partial<Record<'direction' | 'price_per_gram', string>>;

/**
 * The largest price the field lets a person type, in reais: well above an alert's ceiling
 * (PRICE_ALERT_MAX_PER_GRAM_CENTS), so a price past it is answered with the contract's message, not a key that does
 * nothing.
 */
const TYPED_PRICE_MAX_REAIS = 100_000;

function alertLine(a: PriceAlert): string {
  return `${PRICE_ALERT_DIRECTION_LABELS[a.direction]} ${formatReais(a.price_per_gram)} o grama`;
}

function AlertRow({ alert, onDelete, busy }: { alert: PriceAlert; onDelete: () => void; busy: boolean }) {
  const fired = alert.fired_at !== null;
  const detail = fired
    ? `Disparado em ${formatDateTimeBR(alert.fired_at!)}, negociado a ${formatReais(alert.fired_price_per_gram ?? 0)}`
    : `Criado em ${formatDateTimeBR(alert.created_at)}`;
  return (
    <ListItem
      divider
      secondaryAction={
        <IconButton edge="end" aria-label={`Apagar alerta: ${alertLine(alert)}`} onClick={onDelete} disabled={busy}>
          <DeleteOutline />
        </IconButton>
      }
    >
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{alertLine(alert)}</span>
            <Chip size="small" label={fired ? 'Disparado' : 'Ativo'} color={fired ? 'default' : 'success'} />
          </Stack>
        }
        secondary={detail}
      />
    </ListItem>
  );
}

/** Web Push on this device: on, off, or why it cannot be. */
function PushCard() {
  const supported = pushSupported();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!supported) return;
    void currentSubscription().then((s) => setOn(s !== null && Notification.permission === 'granted'));
  }, [supported]);

  const toggle = async () => {
    setBusy(true);
    try {
      if (on) {
        await disablePush();
        setOn(false);
        notify.success('Notificações desativadas neste aparelho');
      } else if (await enablePush()) {
        setOn(true);
        notify.success('Notificações ativadas neste aparelho');
      } else {
        notify.warning('O navegador não permitiu as notificações. Você continua recebendo os alertas por e-mail.');
      }
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
        Notificações neste aparelho
      </Typography>
      {supported ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">
            {on
              ? 'Este aparelho recebe uma notificação quando um alerta dispara.'
              : 'Receba também uma notificação neste aparelho quando um alerta disparar.'}
          </Typography>
          <Button variant="outlined" onClick={() => void toggle()} disabled={busy || on === null}>
            {on ? 'Desativar notificações' : 'Ativar notificações'}
          </Button>
        </Stack>
      ) : (
        <Typography color="text.secondary">
          Este navegador não recebe notificações. Os alertas chegam por e-mail.
        </Typography>
      )}
    </Paper>
  );
}

/** 'Novo alerta': above or below a price per gram, checked by the contract's rules, one intention per alert. */
function NewAlertForm({ lastPricePerGram }: { lastPricePerGram: number | null | undefined }) {
  const create = useCreatePriceAlert();
  const [direction, setDirection] = useState<PriceAlertDirection | ''>('');
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const intention = useIntention({ direction, price });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // the contract's own rules and messages first; the server checks again
    const checked = CreatePriceAlertRequest.safeParse({ direction: direction || undefined, price_per_gram: price });
    if (!checked.success) {
      const next: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    try {
      const body = { direction: checked.data.direction, price_per_gram: price };
      const created = await intention.run((key) => create.mutateAsync({ body, key }));
      if (created === undefined) return;
      notify.success('Alerta de preço criado');
      setPrice('');
      setDirection('');
    } catch (error) {
      const server = isApiError(error) ? error.errors : undefined;
      if (server && Object.keys(server).length > 0) {
        setErrors({ direction: server.direction?.[0], price_per_gram: server.price_per_gram?.[0] });
      } else notify.error(error);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate aria-label="Novo alerta">
        <Typography variant="h3" component="h2">
          Novo alerta
        </Typography>
        {lastPricePerGram != null && (
          <Typography color="text.secondary">Último negócio: {formatReais(lastPricePerGram)} o grama</Typography>
        )}
        <TextField
          select
          label="Quando"
          value={direction}
          onChange={(e) => setDirection(e.target.value as PriceAlertDirection)}
          error={Boolean(errors.direction)}
          helperText={errors.direction}
        >
          <MenuItem value="above">{PRICE_ALERT_DIRECTION_LABELS.above}</MenuItem>
          <MenuItem value="below">{PRICE_ALERT_DIRECTION_LABELS.below}</MenuItem>
        </TextField>
        <DecimalTextField
          label="Preço por grama"
          prefix="R$"
          max={TYPED_PRICE_MAX_REAIS}
          value={price}
          onChange={setPrice}
          error={Boolean(errors.price_per_gram)}
          helperText={errors.price_per_gram}
        />
        <Button type="submit" variant="contained" disabled={intention.busy} sx={{ alignSelf: 'flex-start' }}>
          Criar alerta
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /alertas-de-preco (docs/price-alerts.md): the form (above or below a price per gram), the list
 * (active, then fired) with delete, and this device's push notifications. Each alert fires once, by e-mail and by a
 * notification on the devices that allowed them.
 */
export function PriceAlertsPage() {
  const alerts = usePriceAlerts();
  const heading = useRef<HTMLHeadingElement>(null);
  const removal = useAlertRemoval(heading);
  const data = alerts.data;
  const active = data?.alerts.filter((a) => a.fired_at === null).length ?? 0;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader
        title="Alertas de preço"
        description="Seja avisado quando a prata for negociada acima ou abaixo do preço que você escolher. Cada alerta dispara uma vez, por e-mail e por notificação."
      />
      <Stack spacing={3}>
        <NewAlertForm lastPricePerGram={data?.last_price_per_gram} />

        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }} ref={heading} tabIndex={-1}>
            Seus alertas
          </Typography>
          {alerts.error ? (
            <LoadError error={alerts.error} onRetry={() => void alerts.refetch()} />
          ) : data && data.alerts.length === 0 ? (
            <Typography color="text.secondary">Você ainda não tem alertas.</Typography>
          ) : (
            <>
              {data && (
                <Typography variant="body2" color="text.secondary">
                  {active} de {data.active_max} alertas ativos
                </Typography>
              )}
              <List aria-label="Alertas de preço" aria-busy={alerts.isPending || undefined}>
                {data?.alerts.map((a) => (
                  <AlertRow key={a.id} alert={a} busy={removal.busy} onDelete={() => removal.removeAlert(a)} />
                ))}
              </List>
            </>
          )}
        </Paper>

        <PushCard />
        <Alert severity="info">
          Os alertas acompanham os negócios do livro de ordens do Prata: disparam quando um negócio acontece ao preço
          escolhido ou além dele.
        </Alert>
      </Stack>
    </Container>
  );
}

export const Component = PriceAlertsPage;
