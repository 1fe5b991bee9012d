import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent, Ref } from 'react';
import type { Checked } from './use-transfer-fields';

/** The receiver once checked: name (or "Sem conta no Prata") and e-mail, and 'Alterar' to type another. */
export function ReceiverSummary({ checked, onChange }: { checked: Checked; onChange: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="group" aria-label="Recebedor">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <PersonOutline color="action" />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{checked.receiver?.name ?? 'Sem conta no Prata'}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {checked.email}
          </Typography>
        </Box>
        <Button size="small" startIcon={<EditOutlined />} onClick={onChange} aria-label="Alterar recebedor">
          Alterar
        </Button>
      </Stack>
    </Paper>
  );
}

type ReceiverEmailFormProps = {
  email: string;
  error: string | undefined;
  pending: boolean;
  inputRef: Ref<HTMLInputElement>;
  onEmail: (email: string) => void;
  onSubmit: (event?: FormEvent) => void;
};

/** The first step: the receiver's e-mail, checked by the server before anything else is asked. */
export function ReceiverEmailForm({ email, error, pending, inputRef, onEmail, onSubmit }: ReceiverEmailFormProps) {
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      aria-label="Verificação do recebedor"
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        inputRef={inputRef}
        label="E-mail do recebedor"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => onEmail(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'Verificamos o e-mail antes da transferência.'}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: 254, inputMode: 'email' } }}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={pending}
        sx={{ minHeight: 56, whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        Verificar e-mail
      </Button>
    </Stack>
  );
}
