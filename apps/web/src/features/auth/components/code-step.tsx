import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CODE_LENGTH, codeField } from '@prata/domain';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields';
import { useCountdown } from '../../../lib/hooks';
import type { VerificationMethod } from '../api/choose-verification-method';

const CodeForm = z.object({ code: codeField });

export function resendLabel(remaining: number): string {
  return remaining > 0 ? `Reenviar código em ${remaining} s` : 'Reenviar código';
}

/** Step 3: the 6-digit code; resend waits the server's window (60 s) with a visible countdown (spec 1 §4.3). */
export function CodeStep({
  method,
  resendAfterSeconds,
  destination,
  pending,
  onSubmit,
  onResend,
  onChangeMethod,
}: {
  method: VerificationMethod;
  /** from the server's answer (CODE_RESEND_SECONDS) */
  resendAfterSeconds: number;
  destination: string;
  pending: boolean;
  onSubmit: (code: string, setCodeError: (message: string) => void) => void;
  /** Resends the code; resolve true when it was sent, so the countdown restarts. */
  onResend: () => Promise<boolean>;
  onChangeMethod: () => void;
}) {
  const { remaining, restart } = useCountdown(resendAfterSeconds);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(CodeForm),
    defaultValues: { code: '' },
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit(({ code }) =>
        onSubmit(code, (message) => setError('code', { type: 'server', message }, { shouldFocus: true })),
      )}
    >
      <Typography color="text.secondary">
        {method === 'sms' ? 'Enviamos um código por SMS para ' : 'Enviamos um código para o e-mail '}
        <strong>{destination}</strong>. Digite-o abaixo.
      </Typography>
      <FormTextField
        control={control}
        name="code"
        label="Código de verificação"
        autoComplete="one-time-code"
        autoFocus
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            maxLength: CODE_LENGTH,
            pattern: '[0-9]*',
            style: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        Entrar
      </Button>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button
          onClick={async () => {
            if (await onResend()) restart();
          }}
          disabled={remaining > 0 || pending}
          aria-live="polite"
        >
          {resendLabel(remaining)}
        </Button>
        <Button color="inherit" onClick={onChangeMethod}>
          Escolher outro método
        </Button>
      </Stack>
    </Stack>
  );
}
