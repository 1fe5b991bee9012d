import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ErasureReason, formatDateBR } from '@prata/domain';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PasswordField } from '@/components/password-field';
import { ApiError, firstError, hasErrorCode } from '@/lib/api';
import { useIntention } from '@/lib/intention';
import { useErasureStatus, useRequestErasure } from '../api/privacy';

/** Where the customer lands after the erasure: the confirmation with what the server answered (pages/). */
const ERASURE_DONE_PATH = '/conta-eliminada';

function Reasons({ reasons }: { reasons: ErasureReason[] }) {
  return (
    <Alert severity="warning" role="status">
      <Typography sx={{ fontWeight: 600, mb: 1 }}>Ainda não é possível pedir a eliminação:</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }} aria-label="Motivos">
        {reasons.map((r) => (
          <li key={r.code}>{r.message}</li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * "Pedir eliminação" in the privacy tab (docs/privacy.md "Eliminação"): the reasons it cannot be done yet,
 * or what goes and what stays until when; the confirmation asks for the password, then the customer is signed out
 * and sees the confirmation page. Everything shown comes from GET /api/privacy/erasure and the POST's answer.
 */
export function ErasureSection({ section }: { section: (body: ReactNode) => ReactNode }) {
  const status = useErasureStatus();
  const erase = useRequestErasure();
  const intention = useIntention({ erasure: true });
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async () => {
    setFieldError(null);
    try {
      const answer = await intention.run((key) => erase.mutateAsync({ key, password }));
      if (!answer) return;
      setConfirming(false);
      // the page signs out once it is shown: dropping the token here would let the login guard of /meus-dados send
      // the person to /login first
      navigate(ERASURE_DONE_PATH, { replace: true, state: { erasure: answer } });
    } catch (error) {
      if (hasErrorCode(error, 'ERASURE_PASSWORD_WRONG', 'VALIDATION_FAILED')) {
        setFieldError(firstError(error));
        return;
      }
      setConfirming(false);
      setRefusal(firstError(error));
      if (error instanceof ApiError && error.status === 409) void status.refetch();
    }
  };

  if (status.isPending) return section(<Skeleton height={80} />);
  if (status.isError) return section(<Alert severity="error">{firstError(status.error)}</Alert>);
  const s = status.data;
  return section(
    <Stack spacing={2}>
      {!s.allowed && <Reasons reasons={s.reasons} />}
      <Box>
        <Typography sx={{ fontWeight: 600 }}>O que será eliminado</Typography>
        <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3 }}>
          {s.erased.map((what) => (
            <li key={what}>
              <Typography>{what}</Typography>
            </li>
          ))}
        </Box>
      </Box>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>O que fica guardado, bloqueado, e até quando</Typography>
        <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3, display: 'grid', gap: 1 }}>
          {s.kept.map((k) => (
            <li key={k.what}>
              <Typography>
                {k.what}: até {formatDateBR(k.until)}.
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {k.why}
              </Typography>
            </li>
          ))}
        </Box>
      </Box>
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <Box>
        <Button
          variant="outlined"
          color="error"
          disabled={!s.allowed}
          onClick={() => {
            setPassword('');
            setFieldError(null);
            setConfirming(true);
          }}
        >
          Pedir eliminação dos meus dados
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Eliminar seus dados pessoais?"
        confirmLabel="Eliminar meus dados"
        cancelLabel="Cancelar"
        confirmColor="error"
        pending={intention.busy}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      >
        <Typography sx={{ mb: 2 }}>
          Não é possível desfazer. Você sairá da conta em todos os aparelhos e não poderá mais entrar com ela. Para
          confirmar, digite sua senha.
        </Typography>
        <PasswordField
          label="Senha"
          autoComplete="current-password"
          fullWidth
          required
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError !== null}
          helperText={fieldError ?? ' '}
        />
      </ConfirmDialog>
    </Stack>,
  );
}
