import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { SESSION_WARNING_SECONDS, type SessionRenewResponse } from '@prata/domain';
import { useEffect, useState } from 'react';
import { CountdownAnnouncer, timeLeftText } from '@/components/countdown-announcer';
import { api, firstError, handleUnauthorized } from '@/lib/api';
import { useLogout } from '@/lib/auth';
import { decodeJwtPayload, setToken, useAuthToken } from '@/lib/auth-storage';
import { countdownText, useSecondsLeft } from '@/lib/countdown';

const SESSION_MILESTONES_SECONDS = [60] as const;
const saySessionLeft = (seconds: number) => `Sua sessão expira em ${timeLeftText(seconds)}.`;

/** When the signed-in token ends (ISO), from its `exp`; null without a token or an `exp`. */
function tokenEnd(token: string | null): string | null {
  const exp = token ? decodeJwtPayload(token)?.exp : undefined;
  return typeof exp === 'number' && Number.isFinite(exp) ? new Date(exp * 1000).toISOString() : null;
}

/** True from SESSION_WARNING_SECONDS before `end` on; one timer, no ticking before then. */
function useWarningFrom(end: string | null): boolean {
  const [warning, setWarning] = useState(false);
  useEffect(() => {
    setWarning(false);
    if (!end) return;
    const timer = window.setTimeout(
      () => setWarning(true),
      Math.max(0, Date.parse(end) - SESSION_WARNING_SECONDS * 1000 - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [end]);
  return warning;
}

/**
 * A session lasts JWT_TTL_SECONDS (8 h) from sign-in and does not slide with activity. Two minutes before it ends
 * this dialog says so, shows the time left (a silent timer; a screen reader hears the dialog open and the last
 * minute) and offers "Continuar conectado" (POST /api/session/renew: a new token for the same session, up to 24 h
 * from sign-in) or "Sair". At the end the session ends as an expired token does (lib/api.ts): back to /login, which
 * says why and returns the person to where they were.
 */
export function SessionTimeoutDialog() {
  const token = useAuthToken();
  const end = tokenEnd(token);
  const warning = useWarningFrom(end);
  const secondsLeft = useSecondsLeft(warning ? end : null);
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [atLimit, setAtLimit] = useState(false);

  useEffect(() => {
    if (warning && secondsLeft === 0) handleUnauthorized();
  }, [warning, secondsLeft]);

  const renew = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<SessionRenewResponse>('/session/renew');
      // the session's 24 h are up: the same end again, nothing more to extend
      if (end && Date.parse(answer.expires_at) <= Date.parse(end) + 1000) setAtLimit(true);
      else setToken(answer.authToken);
    } catch (failure) {
      setError(firstError(failure));
    } finally {
      setBusy(false);
    }
  };

  const open = warning && secondsLeft !== null && secondsLeft > 0;
  const minutes = Math.max(1, Math.ceil((secondsLeft ?? 0) / 60));
  return (
    <Dialog open={open} aria-labelledby="session-timeout-title" aria-describedby="session-timeout-text">
      <DialogTitle id="session-timeout-title">Sua sessão vai expirar</DialogTitle>
      <DialogContent>
        <DialogContentText id="session-timeout-text">
          {atLimit
            ? `Sua sessão chegou ao limite de 24 horas e termina em ${timeLeftText(minutes * 60)}. Depois disso, entre de novo para continuar.`
            : `Sua sessão vai expirar em ${timeLeftText(minutes * 60)}. Quer continuar conectado?`}
        </DialogContentText>
        <Typography role="timer" sx={{ mt: 2, fontWeight: 600 }}>
          Tempo restante: <span className="tabular-nums">{countdownText(secondsLeft ?? 0)}</span>
        </Typography>
        <CountdownAnnouncer secondsLeft={secondsLeft} milestones={SESSION_MILESTONES_SECONDS} say={saySessionLeft} />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button color="inherit" onClick={() => void logout()}>
          Sair
        </Button>
        {!atLimit && (
          <Button variant="contained" onClick={() => void renew()} disabled={busy} autoFocus>
            Continuar conectado
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
