import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBRL } from '@prata/domain';
import { CodeExpiredNotice } from '@/components/code-expired';
import { CodeField } from '@/components/code-field';
import { MoneyText } from '@/components/money-text';
import type { useWithdrawFlow } from './use-withdraw-flow';

/** After "Enviar código": the code that confirms this amount, its resend, and "Revisar e confirmar". */
export function WithdrawCodeStep({ flow, sentFor }: { flow: ReturnType<typeof useWithdrawFlow>; sentFor: number }) {
  const { code, codeError, waiting } = flow;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="section" aria-label="Código de confirmação">
      <Typography sx={{ mb: 2 }}>
        Enviamos um código de 6 dígitos para o seu e-mail. Ele confirma a retirada de{' '}
        <MoneyText sx={{ fontWeight: 700 }}>{formatBRL(sentFor)}</MoneyText>.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        {/* 'Enviar código' is replaced by this section: the keyboard's focus goes on to the code */}
        <CodeField
          label="Código de verificação"
          autoFocus
          value={code}
          onChange={flow.setCode}
          onComplete={(typed) => flow.review(typed)}
          error={Boolean(codeError)}
          helperText={codeError ?? ' '}
          required
          sx={{ flex: 1 }}
        />
        <Button
          variant="outlined"
          onClick={() => void flow.requestCode(sentFor)}
          disabled={waiting > 0 || flow.codeBusy}
          sx={{ minHeight: 56, whiteSpace: 'nowrap' }}
        >
          {waiting > 0 ? `Reenviar código em ${waiting} s` : 'Reenviar código'}
        </Button>
      </Stack>
      <CodeExpiredNotice expiresAt={flow.sent?.expiresAt ?? null} />
      <Button
        variant="contained"
        size="large"
        onClick={() => flow.review()}
        sx={{ mt: 1, width: { xs: '100%', sm: 'auto' } }}
      >
        Revisar e confirmar
      </Button>
    </Paper>
  );
}
