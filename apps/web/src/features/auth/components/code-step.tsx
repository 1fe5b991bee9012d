import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { codeField } from '@prata/domain';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormCodeField } from '@/components/code-field';
import { CodeExpiredNotice } from '@/components/code-expired';
import { ResendAnnouncer } from '@/components/countdown-announcer';
import { useSecondsUntil } from '@/lib/hooks';
import { useIntention } from '@/lib/intention';
import type { VerificationMethod } from '../api/choose-verification-method';

const CodeForm = z.object({ code: codeField });

export function resendLabel(remaining: number): string {
  return remaining > 0 ? `Reenviar código em ${remaining} s` : 'Reenviar código';
}

/**
 * Step 3: the 6-digit code (digits only; a pasted or autofilled code submits itself). Resend waits the server's
 * window (60 s) with a visible countdown (spec 1 §4.3). The countdown runs to a deadline the page keeps, and the
 * page keeps the typed digits too, so going to the method choice and back loses nothing.
 */
export function CodeStep({
  method,
  resendAt,
  expiresAt = null,
  destination,
  pending,
  initialCode = '',
  onCodeChange,
  onSubmit,
  onResend,
  onChangeMethod,
}: {
  method: VerificationMethod;
  /** when a new code may be asked for (epoch ms), from the server's resendAfterSeconds */
  resendAt: number;
  /** when the code sent stops confirming (epoch ms), from the server's validForSeconds */
  expiresAt?: number | null;
  destination: string;
  pending: boolean;
  /** the digits typed before leaving this step */
  initialCode?: string;
  onCodeChange?: (code: string) => void;
  onSubmit: (code: string, setCodeError: (message: string) => void) => void;
  /** Resends the code under the click's Idempotency-Key; the page moves `resendAt` when it was sent. */
  onResend: (idempotencyKey: string) => unknown;
  onChangeMethod: () => void;
}) {
  const remaining = useSecondsUntil(resendAt);
  // A double click on 'Reenviar código' sends one code; each code's window is its own intention.
  const resend = useIntention({ resend: method, after: resendAt });
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(CodeForm),
    defaultValues: { code: initialCode },
  });
  const code = useWatch({ control, name: 'code' });
  useEffect(() => {
    onCodeChange?.(code);
  }, [code, onCodeChange]);

  const submit = handleSubmit(({ code }) =>
    onSubmit(code, (message) => setError('code', { type: 'server', message }, { shouldFocus: true })),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Typography color="text.secondary">
        {method === 'sms' ? 'Enviamos um código por SMS para ' : 'Enviamos um código para o e-mail '}
        <strong>{destination}</strong>. Digite-o abaixo.
      </Typography>
      <FormCodeField
        control={control}
        name="code"
        label="Código de verificação"
        autoFocus
        onComplete={() => {
          if (!pending) void submit();
        }}
      />
      <CodeExpiredNotice expiresAt={expiresAt} />
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        Entrar
      </Button>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button
          onClick={() => void resend.run(async (key) => onResend(key)).catch(() => undefined)}
          disabled={remaining > 0 || pending || resend.busy}
        >
          {resendLabel(remaining)}
        </Button>
        <ResendAnnouncer secondsLeft={remaining} />
        <Button color="inherit" onClick={onChangeMethod}>
          Escolher outro método
        </Button>
      </Stack>
    </Stack>
  );
}
