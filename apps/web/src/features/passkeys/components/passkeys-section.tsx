import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Passkey, PASSKEY_NAME_MAX } from '@prata/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PasswordField } from '@/components/password-field';
import { firstError, isApiError } from '@/lib/api';
import { focusIfLost } from '@/lib/focus';
import { formatDateTimeBR } from '@/lib/format';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useCreatePasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { PasskeyCeremonyError } from '../webauthn';

const DEFAULT_NAME = 'Meu aparelho';

/** The form that names and creates a passkey on this device (the browser's own dialog asks for the fingerprint, PIN…). */
function CreatePasskeyForm() {
  const [name, setName] = useState(DEFAULT_NAME);
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePasskey();
  const intention = useIntention({ name });
  // 'Criar chave de acesso' is disabled while the browser's dialog and the call run, which drops the keyboard's focus
  // to the page's top: once the attempt ends (created, refused or cancelled) the focus comes back to it (WCAG 2.4.3)
  const button = useRef<HTMLButtonElement>(null);
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    if (attempts > 0) focusIfLost(button.current);
  }, [attempts]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Dê um nome à chave de acesso');
      return;
    }
    setError(null);
    void intention
      .run((key) => create.mutateAsync({ name: name.trim(), key }))
      .then(
        (answer) => {
          if (!answer) return;
          notify.success(answer.message);
          setName(DEFAULT_NAME);
        },
        (failure: unknown) => {
          const field = isApiError(failure) ? failure.errors?.name?.[0] : undefined;
          if (field) setError(field);
          else notify.error(failure instanceof PasskeyCeremonyError ? failure.message : firstError(failure));
        },
      )
      .finally(() => setAttempts((count) => count + 1));
  };
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Criar chave de acesso"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        label="Nome da chave"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'Por exemplo, o nome do celular ou do computador.'}
        slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
        sx={{ flex: 1 }}
      />
      <Button
        ref={button}
        type="submit"
        variant="contained"
        size="large"
        startIcon={<KeyOutlined />}
        disabled={intention.busy}
        sx={{ mt: { sm: 0.5 } }}
      >
        Criar chave de acesso
      </Button>
    </Stack>
  );
}

/** Removing a passkey asks for the password. */
function RemoveDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useRemovePasskey();
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!passkey) return;
    if (!password) {
      setError('Informe sua senha');
      return;
    }
    remove.mutate(
      { id: passkey.id, password },
      {
        onSuccess: ({ message }) => {
          notify.success(message);
          close();
        },
        onError: (failure) => {
          const field = isApiError(failure) ? failure.errors?.password?.[0] : undefined;
          if (field) setError(field);
          else notify.error(failure);
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open={passkey !== null}
      title="Remover chave de acesso"
      confirmLabel="Remover"
      confirmColor="error"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={close}
    >
      <Typography sx={{ mb: 2 }}>
        A chave <strong>{passkey?.name}</strong> deixará de abrir sua conta. Confirme com sua senha.
      </Typography>
      <PasswordField
        label="Senha"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="current-password"
        error={Boolean(error)}
        helperText={error ?? ' '}
        fullWidth
        required
      />
    </ConfirmDialog>
  );
}

/**
 * "Chaves de acesso": passkeys replace the six-digit code at sign-in and confirm money leaving. Create one
 * per device, see when each was created and last used, remove one (with the password).
 */
export function PasskeysSection() {
  const { data, isPending, isError, error } = usePasskeys();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  return (
    <Box component="section" aria-labelledby="passkeys-title">
      <Typography id="passkeys-title" variant="h5" component="h3">
        Chaves de acesso
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
        Com uma chave de acesso, você entra com a senha e a digital, o rosto ou o PIN do aparelho, sem esperar código.
        Ela também confirma retiradas e transferências.
      </Typography>
      <CreatePasskeyForm />
      <Box sx={{ mt: 3 }}>
        {isPending ? (
          <Skeleton height={72} />
        ) : isError ? (
          <Alert severity="error">{firstError(error)}</Alert>
        ) : data.passkeys.length === 0 ? (
          <Typography color="text.secondary">Você ainda não tem chaves de acesso.</Typography>
        ) : (
          <Paper variant="outlined">
            <List disablePadding aria-label="Suas chaves de acesso">
              {data.passkeys.map((passkey) => (
                <ListItem key={passkey.id} divider sx={{ gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{passkey.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      Criada em {formatDateTimeBR(passkey.created_at)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {passkey.last_used_at
                        ? `Último uso em ${formatDateTimeBR(passkey.last_used_at)}`
                        : 'Ainda não usada'}
                    </Typography>
                  </Box>
                  <Button
                    color="error"
                    variant="outlined"
                    onClick={() => setRemoving(passkey)}
                    aria-label={`Remover ${passkey.name}`}
                  >
                    Remover
                  </Button>
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </Box>
      <RemoveDialog passkey={removing} onClose={() => setRemoving(null)} />
    </Box>
  );
}
