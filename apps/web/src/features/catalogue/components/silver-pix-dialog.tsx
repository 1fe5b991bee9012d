import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import TimerOffOutlined from '@mui/icons-material/TimerOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreateSilverWithdrawalResponse, SilverWithdrawal } from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CountdownAnnouncer, PAYMENT_MILESTONES_SECONDS, sayPixLeft } from '@/components/countdown-announcer';
import { MoneyText } from '@/components/money-text';
import { visuallyHidden } from '@/components/polite-announcer';
import { RouterLink } from '@/components/router-link';
import { USER_QUERY_KEY } from '@/lib/auth';
import { countdownText, secondsUntil, useNow } from '@/lib/countdown';
import { PixQrCode } from '@/features/money';
import { useSilverOrder } from '@/features/silver-withdrawals';
import { HISTORY_QUERY_KEY } from '../api/keys';
import { brl } from '../labels';

/** Where a Pix order stands for its buyer: still payable, paid (or further on), or no longer payable. */
export type PixStage = 'waiting' | 'paid' | 'expired';

const PAID: ReadonlySet<SilverWithdrawal['status']> = new Set(['paid', 'sent', 'delivered']);

export function pixStage(order: SilverWithdrawal, now: number): PixStage {
  if (PAID.has(order.status)) return 'paid';
  if (order.status !== 'pending') return 'expired';
  if (order.expires_at && Date.parse(order.expires_at) <= now) return 'expired';
  return 'waiting';
}

const TITLES: Record<PixStage, string> = {
  waiting: 'Pague com Pix',
  paid: 'Pagamento aprovado',
  expired: 'Pix expirado',
};

/**
 * The Pix of a silver order (spec 1 §2.5, spec 3 "Retirar prata"): the order's number, the amount, the
 * countdown to the charge's expiry, the QR code and the copy button ('Código do QR Code copiado'). The order is read
 * again every 3 s by its token (as the deposit dialog waits for its Pix): the dialog turns into 'Pagamento aprovado'
 * by itself when the payment arrives, and into 'Pix expirado' when the window closes, with `onRenew` (a new charge)
 * when the screen can make one. `closeTo` makes the close button a link (a customer goes to
 * /meu-historico/prata-retirada); Escape and the backdrop call `onClose`, which should lead to the same place.
 */
export function SilverPixDialog({
  payment,
  closeTo,
  closeLabel = 'Fechar',
  onClose,
  onRenew,
  onExited,
}: {
  payment: CreateSilverWithdrawalResponse | null;
  closeTo?: string;
  closeLabel?: string;
  onClose: () => void;
  onRenew?: () => void;
  /** once closed: the opener ('Fazer um Pix') may be gone, and the screen says where the focus goes (lib/focus.ts) */
  onExited?: (node: HTMLElement) => void;
}) {
  const queryClient = useQueryClient();
  const live = useSilverOrder(payment?.order_token ?? null);
  const order = live.data?.silverWithdrawal ?? payment?.silverWithdrawal ?? null;
  const now = useNow(order?.status === 'pending' ? order.expires_at : null);
  const stage = order ? pixStage(order, now) : 'waiting';

  // a payment seen here also changes the customer's balances and history
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (!order || stage !== 'paid' || announced.current === order.id) return;
    announced.current = order.id;
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
  }, [order, stage, queryClient]);

  const pixQrCode = live.data?.pixQrCode ?? payment?.pixQrCode;
  const pixCopiaECola = live.data?.pixCopiaECola ?? payment?.pixCopiaECola;
  const qr = pixQrCode && pixCopiaECola ? { pixQrCode, pixCopiaECola } : undefined;
  const amount = order?.total ?? 0;
  const left = order?.expires_at ? secondsUntil(order.expires_at, now) : null;

  return (
    <Dialog
      open={payment !== null}
      onClose={onClose}
      aria-labelledby="silver-pix-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id="silver-pix-title">{TITLES[stage]}</DialogTitle>
      <DialogContent>
        {order && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <Typography>
                Pedido nº <strong>{order.id}</strong>
              </Typography>
              <Typography>
                Valor: <MoneyText sx={{ fontWeight: 700 }}>{brl(amount)}</MoneyText>
              </Typography>
            </Stack>
            {stage === 'waiting' && (
              <>
                {left !== null && (
                  <Typography role="timer" aria-live="off" color="text.secondary">
                    Expira em{' '}
                    <MoneyText sx={{ fontWeight: 700, color: 'text.primary' }}>{countdownText(left)}</MoneyText>
                  </Typography>
                )}
                {payment?.message && (
                  <Typography variant="body2" color="text.secondary">
                    {payment.message}
                  </Typography>
                )}
                <CountdownAnnouncer secondsLeft={left} milestones={PAYMENT_MILESTONES_SECONDS} say={sayPixLeft} />
                <PixQrCode qr={qr} amount={amount} />
              </>
            )}
            {/* one polite region, there from the start and last in every stage: its words change when the payment
                arrives or the window closes, so screen readers announce it (a region inserted with its words is not) */}
            <Box role="status" aria-live="polite" aria-atomic="true">
              {stage === 'paid' && (
                <Alert icon={<CheckCircleOutline />} severity="success" role="none">
                  <Box component="span" sx={visuallyHidden}>{`${TITLES.paid}. `}</Box>
                  Recebemos o seu Pix de <MoneyText>{brl(amount)}</MoneyText>. O pedido nº {order.id} está confirmado:
                  separamos as barras e enviamos o código de rastreio por e-mail.
                </Alert>
              )}
              {stage === 'expired' && (
                <Alert icon={<TimerOffOutlined />} severity="warning" role="none">
                  <Box component="span" sx={visuallyHidden}>{`${TITLES.expired}. `}</Box>O prazo para pagar este Pix
                  terminou e o pedido nº {order.id} foi cancelado; nada foi cobrado.
                  {onRenew ? ' Gere um novo Pix para comprar as mesmas barras (o valor é calculado de novo).' : ''}
                </Alert>
              )}
              {stage === 'waiting' && (
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <CircularProgress size={18} aria-hidden />
                  <Typography variant="body2" color="text.secondary">
                    Aguardando o pagamento. Esta janela muda sozinha quando o Pix chegar.
                  </Typography>
                </Stack>
              )}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {stage === 'expired' && onRenew && (
          <Button variant="contained" onClick={onRenew}>
            Gerar novo Pix
          </Button>
        )}
        {closeTo ? (
          <Button component={RouterLink} to={closeTo} variant="outlined">
            {closeLabel}
          </Button>
        ) : (
          <Button onClick={onClose} variant="outlined">
            {closeLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
