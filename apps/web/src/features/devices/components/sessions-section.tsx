import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import DevicesOtherOutlined from '@mui/icons-material/DevicesOtherOutlined';
import PhoneAndroidOutlined from '@mui/icons-material/PhoneAndroidOutlined';
import TabletOutlined from '@mui/icons-material/TabletOutlined';
import TvOutlined from '@mui/icons-material/TvOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, SESSION_DEVICE_LABELS, type SessionDevice, type SessionItem } from '@prata/domain';
import { type ReactNode, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { firstError } from '@/lib/api';
import { focusIfLost } from '@/lib/focus';
import { formatDateTimeBR } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import { type RevealedItemProps, useRevealFocus } from '@/lib/focus';

const ICONS: Record<SessionDevice, typeof ComputerOutlined> = {
  desktop: ComputerOutlined,
  mobile: PhoneAndroidOutlined,
  tablet: TabletOutlined,
  tv: TvOutlined,
  other: DevicesOtherOutlined,
};

/** "Chrome 131 em Android 14", or what is known of it. */
function browserLine(s: Pick<SessionItem, 'browser' | 'os'>): string {
  const browser = s.browser ?? 'Navegador desconhecido';
  return s.os ? `${browser} em ${s.os}` : browser;
}

/** "Celular: Chrome 131 em Android 14": how a session is named in buttons and dialogs. */
const sessionName = (s: SessionItem) => `${SESSION_DEVICE_LABELS[s.device]}: ${browserLine(s)}`;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function SessionCard({ session, onEnd, focus }: { session: SessionItem; onEnd: () => void; focus: RevealedItemProps }) {
  const Icon = ICONS[session.device];
  const headingId = `sessao-${session.id}`;
  return (
    <Paper {...focus} component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, listStyle: 'none' }}>
      {/* on a phone 'Encerrar' goes below the details, which keep the card's width (a place or a date is not broken) */}
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Icon color="action" aria-hidden sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography id={headingId} component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {SESSION_DEVICE_LABELS[session.device]}
            </Typography>
            {session.current && <Chip size="small" color="success" variant="outlined" label="Este dispositivo" />}
          </Stack>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {browserLine(session)}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'fit-content(45%) minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 0.5,
            }}
          >
            <Detail label="Local">{session.city ?? MESSAGES.unknownPlace}</Detail>
            {session.ip && <Detail label="Endereço IP">{session.ip}</Detail>}
            <Detail label="Primeiro acesso">{formatDateTimeBR(session.created_at)}</Detail>
            <Detail label="Último acesso">{formatDateTimeBR(session.last_seen_at)}</Detail>
          </Box>
        </Box>
        {!session.current && (
          <Button
            variant="outlined"
            color="error"
            size="small"
            onClick={onEnd}
            aria-label={`Encerrar a sessão ${sessionName(session)}`}
            sx={{ flexShrink: 0, ml: { xs: 5, sm: 0 } }}
          >
            Encerrar
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

type Confirming = { kind: 'one'; session: SessionItem } | { kind: 'others' } | null;

/** The sessions, this device first, and "Mostrar mais sessões" while the server has more. */
function SessionList({
  sessions,
  listed,
  onEnd,
}: {
  sessions: ReturnType<typeof useSessions>;
  listed: SessionItem[];
  onEnd: (session: SessionItem) => void;
}) {
  const reveal = useRevealFocus();
  const others = listed.filter((s) => !s.current).length;
  return (
    <Stack spacing={2}>
      <Stack component="ul" spacing={1.5} aria-label="Sessões abertas" sx={{ m: 0, p: 0 }}>
        {listed.map((s, i) => (
          <SessionCard key={s.id} session={s} onEnd={() => onEnd(s)} focus={reveal.propsFor(i)} />
        ))}
      </Stack>
      {sessions.hasNextPage && (
        <Box>
          <Button onClick={() => reveal.fetchMore(listed.length, sessions)} disabled={sessions.isFetchingNextPage}>
            Mostrar mais sessões
          </Button>
        </Box>
      )}
      {others === 0 && <Typography color="text.secondary">Nenhuma outra sessão aberta.</Typography>}
    </Stack>
  );
}

/**
 * "Onde estou conectado": every open session of the account (device, browser, place, first and last access), this
 * one marked "Este dispositivo"; "Encerrar" ends one, "Encerrar todas as outras" every other, each after a
 * confirmation. The session ended is refused at its next request, wherever it is.
 */
export function SessionsSection() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState<Confirming>(null);
  // where the focus goes when the button that opened the dialog left with its session
  const heading = useRef<HTMLHeadingElement>(null);
  const all = sessions.data?.pages.flatMap((p) => p.sessions) ?? [];
  // this device first, then the others as the server ordered them (newest first)
  const listed = [...all.filter((s) => s.current), ...all.filter((s) => !s.current)];
  const others = listed.filter((s) => !s.current).length;
  const pending = endOne.isPending || endOthers.isPending;

  const confirm = () => {
    if (!confirming) return;
    const done = {
      onSuccess: ({ message }: { message: string }) => {
        setConfirming(null);
        notify.success(message);
      },
      onError: (error: unknown) => {
        setConfirming(null);
        notify.error(error);
      },
    };
    if (confirming.kind === 'one') endOne.mutate(confirming.session.id, done);
    else endOthers.mutate(undefined, done);
  };

  let body: ReactNode;
  if (sessions.isPending) {
    body = (
      <Stack spacing={1.5} role="status" aria-label="Carregando as sessões">
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  } else if (sessions.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void sessions.refetch()}>
            Tentar de novo
          </Button>
        }
      >
        {firstError(sessions.error)}
      </Alert>
    );
  } else {
    body = (
      <SessionList sessions={sessions} listed={listed} onEnd={(session) => setConfirming({ kind: 'one', session })} />
    );
  }

  return (
    <Box component="section" aria-labelledby="onde-estou-conectado">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          mb: 2,
        }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 280px' }}>
          <Typography id="onde-estou-conectado" variant="h5" component="h3" ref={heading} tabIndex={-1}>
            Onde estou conectado
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Os aparelhos e navegadores com sua conta aberta. Se não reconhecer um deles, encerre a sessão e troque sua
            senha.
          </Typography>
        </Box>
        {others > 0 && (
          <Button variant="outlined" color="error" onClick={() => setConfirming({ kind: 'others' })}>
            Encerrar todas as outras
          </Button>
        )}
      </Box>
      {body}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'others' ? 'Encerrar todas as outras sessões?' : 'Encerrar esta sessão?'}
        confirmLabel={confirming?.kind === 'others' ? 'Encerrar todas as outras' : 'Encerrar sessão'}
        cancelLabel="Manter"
        confirmColor="error"
        pending={pending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
        onExited={(node) => focusIfLost(heading.current, node)}
      >
        <Typography>
          {confirming?.kind === 'one'
            ? `A sessão ${sessionName(confirming.session)} (${confirming.session.city ?? MESSAGES.unknownPlace}) será encerrada: quem a estiver usando precisará entrar de novo.`
            : 'Todos os outros aparelhos e navegadores sairão da sua conta. Este dispositivo continua conectado.'}
        </Typography>
      </ConfirmDialog>
    </Box>
  );
}
