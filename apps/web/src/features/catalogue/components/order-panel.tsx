import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import TimerOffOutlined from '@mui/icons-material/TimerOffOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SilverWithdrawal } from '@prata/domain';
import type { Ref } from 'react';
import { CountdownAnnouncer, PAYMENT_MILESTONES_SECONDS, sayPixLeft } from '@/components/countdown-announcer';
import { MoneyText } from '@/components/money-text';
import { RouterLink } from '@/components/router-link';
import { brl, businessDays, SILVER_HISTORY_PATH } from '../labels';
import { countdownText, secondsUntil, useNow } from '@/lib/countdown';
import { pixStage } from './silver-pix-dialog';

/**
 * The payment step once the order exists (Back, Forward and a reload show this order, never make a second
 * one): its number, where it stands (waiting for the Pix with the time left, paid, expired), what happens next, and
 * the ways on: the QR code again, a new Pix after an expiry, the history (a customer) or an account (a visitor).
 */
export function OrderPanel({
  order,
  email,
  deliveryDays,
  signedIn,
  onShowPix,
  onRenew,
  headingRef,
}: {
  order: SilverWithdrawal;
  /** a visitor's e-mail as typed (the page may not know it: opened from the e-mail's link) */
  email: string | null;
  deliveryDays: number | null;
  signedIn: boolean;
  onShowPix: () => void;
  onRenew: () => void;
  /** the heading takes the focus when the Pix dialog closes over it (its opener is gone) */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const now = useNow(order.status === 'pending' ? order.expires_at : null);
  const stage = pixStage(order, now);
  const left = order.expires_at ? secondsUntil(order.expires_at, now) : null;
  const delivery = deliveryDays ? ` A entrega leva até ${businessDays(deliveryDays)} depois da confirmação.` : '';
  const Icon = stage === 'paid' ? CheckCircleOutline : stage === 'expired' ? TimerOffOutlined : ScheduleOutlined;
  const heading =
    stage === 'paid'
      ? `Pedido nº ${order.id} confirmado`
      : stage === 'expired'
        ? `Pedido nº ${order.id} expirado`
        : `Pedido nº ${order.id} recebido`;
  return (
    // not a live region as a whole: its countdown ticks every second; the heading speaks when the stage changes
    <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }} role="group" aria-label={`Pedido nº ${order.id}`}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Icon color={stage === 'paid' ? 'success' : stage === 'expired' ? 'warning' : 'primary'} fontSize="large" />
        <Typography variant="h3" component="h2" aria-live="polite" ref={headingRef} tabIndex={-1}>
          {heading}
        </Typography>
      </Stack>
      {stage === 'waiting' && (
        <Typography>
          Pague o Pix de <MoneyText sx={{ fontWeight: 700 }}>{brl(order.total)}</MoneyText>
          {left !== null && (
            <>
              {' '}
              em até{' '}
              <MoneyText sx={{ fontWeight: 700 }} role="timer">
                {countdownText(left)}
              </MoneyText>
            </>
          )}
          . Assim que ele for confirmado, separamos as suas barras e as enviamos com seguro.{delivery}
        </Typography>
      )}
      {stage === 'paid' && (
        <Typography>
          Recebemos o seu Pix de <MoneyText sx={{ fontWeight: 700 }}>{brl(order.total)}</MoneyText>. Agora separamos as
          suas barras e as enviamos com seguro.{delivery}
        </Typography>
      )}
      {stage === 'expired' && (
        <Typography>
          O prazo para pagar o Pix de <MoneyText sx={{ fontWeight: 700 }}>{brl(order.total)}</MoneyText> terminou e o
          pedido foi cancelado; nada foi cobrado. Gere um novo Pix para comprar as mesmas barras: o valor é calculado de
          novo.
        </Typography>
      )}
      {stage === 'waiting' && (
        <CountdownAnnouncer secondsLeft={left} milestones={PAYMENT_MILESTONES_SECONDS} say={sayPixLeft} />
      )}
      {email && stage !== 'expired' && (
        <Typography color="text.secondary">
          {stage === 'paid'
            ? 'Enviamos a confirmação e enviaremos o código de rastreio para '
            : 'Enviamos o código Pix e enviaremos a confirmação e o código de rastreio para '}
          <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>.
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignSelf: 'stretch' }}>
        {stage === 'waiting' && (
          <Button variant="contained" startIcon={<PixOutlined />} onClick={onShowPix}>
            Ver o QR Code de novo
          </Button>
        )}
        {stage === 'expired' && (
          <Button variant="contained" startIcon={<PixOutlined />} onClick={onRenew}>
            Gerar novo Pix
          </Button>
        )}
        {signedIn ? (
          <Button component={RouterLink} to={SILVER_HISTORY_PATH}>
            Ver em Meu histórico
          </Button>
        ) : (
          <Button component={RouterLink} to="/register">
            Criar conta para acompanhar
          </Button>
        )}
        <Button component={RouterLink} to="/comprar-prata" sx={{ ml: { sm: 'auto' } }}>
          Voltar ao catálogo
        </Button>
      </Stack>
    </Stack>
  );
}
