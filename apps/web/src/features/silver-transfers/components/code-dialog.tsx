import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { CODE_LENGTH, MESSAGES } from '@prata/domain';
import { type FormEvent, useState } from 'react';
import { CodeField } from '@/components/code-field';
import { ResendAnnouncer } from '@/components/countdown-announcer';
import { useSecondsUntil } from '@/lib/hooks';
import { resendLabel } from '../rules';
import { CodeExpiredNotice } from '@/components/code-expired';

/**
 * The e-mail code dialog (spec 3 §4 Transfer step 4): the code, 'Confirmar', and 'Reenviar código' disabled while the
 * server's wait runs, with its countdown. `error` is the server's word on the last code.
 */
export function TransferCodeDialog({
  open,
  summary,
  resendAt,
  expiresAt,
  error,
  pending,
  onResend,
  onConfirm,
  onClose,
}: {
  open: boolean;
  summary: string;
  /** when the resend wait ends (ms since the epoch) */
  resendAt: number;
  /** when the code sent stops confirming (ms since the epoch) */
  expiresAt: number | null;
  error: string | null;
  pending: boolean;
  onResend: () => void;
  onConfirm: (code: string) => void;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const waiting = useSecondsUntil(resendAt);
  const shown = problem ?? error;

  const confirm = (typed = code) => {
    if (typed.length === 0) return setProblem(MESSAGES.codeRequired);
    if (typed.length !== CODE_LENGTH) return setProblem(MESSAGES.codeInvalid);
    setProblem(null);
    onConfirm(typed);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    confirm();
  };

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby="transfer-code-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id="transfer-code-title">Confirme a transferência</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Enviamos um código de 6 dígitos para o seu e-mail. Ele confirma a transferência de {summary}
          {summary.endsWith('.') ? '' : '.'}
        </DialogContentText>
        <Stack spacing={1.5}>
          <CodeField
            label="Código de verificação"
            value={code}
            onChange={(value) => {
              setCode(value);
              setProblem(null);
            }}
            error={Boolean(shown)}
            helperText={shown ?? ' '}
            required
            autoFocus
            fullWidth
          />
          <CodeExpiredNotice expiresAt={expiresAt} />
          <Button
            variant="text"
            onClick={() => {
              setCode('');
              setProblem(null);
              onResend();
            }}
            disabled={waiting > 0 || pending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {resendLabel(waiting)}
          </Button>
          <ResendAnnouncer secondsLeft={waiting} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending} color="inherit">
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          Confirmar transferência
        </Button>
      </DialogActions>
    </Dialog>
  );
}
