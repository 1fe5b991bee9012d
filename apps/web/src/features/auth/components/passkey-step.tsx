import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoginRequest, VerifyLoginCodeResponse } from '@prata/domain';
import { useState } from 'react';
import { firstError } from '@/lib/api';
import { formatDateTimeBR } from '@/lib/format';
import { useSecondsUntil } from '@/lib/hooks';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { PasskeyCeremonyError } from '@/features/passkeys/index';
import { requestPasskeyFallback, signInWithPasskey } from '../api/passkey-login';

/**
 * The second step of an account with a passkey: the browser's passkey dialog instead of a code. "Perdi minha chave de
 * acesso" asks for the e-mail code instead, available after a wait (the customer is e-mailed at once); once the wait
 * is over, `onUseCode` goes to the code by e-mail.
 */
export function PasskeyStep({
  credentials,
  fallbackReadyAt,
  onSignedIn,
  onUseCode,
  onBack,
}: {
  credentials: LoginRequest;
  /** a fallback already asked for: when the e-mail code may be asked (ISO) */
  fallbackReadyAt: string | null;
  onSignedIn: (answer: VerifyLoginCodeResponse) => void;
  onUseCode: () => void;
  onBack: () => void;
}) {
  const [readyAt, setReadyAt] = useState<string | null>(fallbackReadyAt);
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const fallback = useIntention({ fallback: credentials.email });
  const remaining = useSecondsUntil(readyAt ? Date.parse(readyAt) : 0);

  const signIn = () => {
    setError(null);
    setSigningIn(true);
    signInWithPasskey(credentials)
      .then(onSignedIn, (failure: unknown) =>
        setError(failure instanceof PasskeyCeremonyError ? failure.message : firstError(failure)),
      )
      .finally(() => setSigningIn(false));
  };

  const askFallback = () =>
    void fallback
      .run((key) => requestPasskeyFallback(credentials, key))
      .then(
        (answer) => {
          if (!answer) return;
          setReadyAt(answer.available_at);
          notify.info(answer.message);
        },
        (failure: unknown) => notify.error(failure),
      );

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Sua conta usa chave de acesso. Confirme com a digital, o rosto ou o PIN deste aparelho.
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        startIcon={<KeyOutlined />}
        onClick={signIn}
        disabled={signingIn}
        fullWidth
      >
        Entrar com chave de acesso
      </Button>
      {readyAt === null ? (
        <Button variant="text" onClick={askFallback} disabled={fallback.busy}>
          Perdi minha chave de acesso
        </Button>
      ) : remaining > 0 ? (
        <Alert severity="info">
          Por segurança, o código por e-mail fica disponível às {formatDateTimeBR(readyAt)} (em{' '}
          {Math.ceil(remaining / 60)} {Math.ceil(remaining / 60) === 1 ? 'minuto' : 'minutos'}). Enviamos um aviso para
          o seu e-mail.
        </Alert>
      ) : (
        <Button variant="outlined" onClick={onUseCode}>
          Receber código por e-mail
        </Button>
      )}
      <Button variant="text" color="inherit" onClick={onBack}>
        Voltar
      </Button>
    </Stack>
  );
}
