import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from '@/lib/search-params';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CodeField } from '@/components/code-field';
import { FormTextField } from '@/components/form-fields';
import { FormPage } from '@/components/page';
import { RouterLink } from '@/components/router-link';
import { applyServerErrors } from '@/lib/form-errors';
import { useSecondsUntil } from '@/lib/hooks';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useTicketCategories } from '../api/tickets';
import { useCreateVisitorTicket, useSendVisitorCode, useVerifyVisitorCode } from '../api/visitor';
import { TicketForm } from '../components/ticket-form';
import { visitorCodeSchema, visitorEmailSchema } from '../rules';
import type { CodeSentResponse } from '@prata/domain';
import { CodeExpiredNotice } from '@/components/code-expired';
import { codeDeadlines } from '@prata/domain';

const STEPS = ['E-mail', 'Código', 'Ticket'];

function EmailStep({
  initialEmail,
  onSent,
}: {
  initialEmail: string;
  onSent: (email: string, sent: CodeSentResponse) => void;
}) {
  const send = useSendVisitorCode();
  const { control, handleSubmit, setError } = useForm<{ email: string }>({
    resolver: zodResolver(visitorEmailSchema),
    defaultValues: { email: initialEmail },
  });
  // one e-mail per address typed, whatever the fingers do (lib/intention.ts)
  const typed = useWatch({ control, name: 'email' });
  const intention = useIntention({ visitorCode: typed });
  const submit = handleSubmit(async ({ email }) => {
    try {
      const answer = await intention.run((key) => send.mutateAsync({ email, key }));
      if (!answer) return;
      notify.success(answer.message);
      onSent(email, answer);
    } catch (error) {
      applyServerErrors(error, setError, ['email']);
    }
  });
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="Seu e-mail">
      <Typography color="text.secondary">
        Informe o seu e-mail. Enviaremos um código para confirmar que ele é seu; as respostas do ticket chegam nele.
      </Typography>
      <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="email" fullWidth />
      <Button type="submit" variant="contained" size="large" disabled={intention.busy}>
        Enviar código
      </Button>
    </Stack>
  );
}

function CodeStep({
  email,
  resendAt,
  expiresAt,
  onResent,
  onVerified,
  onBack,
}: {
  email: string;
  resendAt: number;
  expiresAt: number | null;
  onResent: (sent: CodeSentResponse) => void;
  onVerified: (token: string) => void;
  onBack: () => void;
}) {
  const verify = useVerifyVisitorCode();
  const resend = useSendVisitorCode();
  const resending = useIntention({ resendVisitorCode: email });
  const waiting = useSecondsUntil(resendAt);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (typed = code) => {
    const parsed = visitorCodeSchema.safeParse({ code: typed });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    verify.mutate(
      { email, code: typed },
      {
        onSuccess: ({ message, verification_token }) => {
          notify.success(message);
          onVerified(verification_token);
        },
        onError: (e) => applyServerErrors(e, (_field, { message }) => setError(message ?? null), ['code']),
      },
    );
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label="Código de verificação"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Typography color="text.secondary">
        Enviamos um código de 6 dígitos para <strong>{email}</strong>.{' '}
        <Link component="button" type="button" onClick={onBack} sx={{ verticalAlign: 'baseline' }}>
          Trocar e-mail
        </Link>
      </Typography>
      <CodeField
        label="Código"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        onComplete={(value) => submit(value)}
        error={Boolean(error)}
        helperText={error ?? ' '}
        fullWidth
        autoFocus
      />
      <CodeExpiredNotice expiresAt={expiresAt} />
      <Button type="submit" variant="contained" size="large" disabled={verify.isPending}>
        Confirmar código
      </Button>
      <Button
        type="button"
        disabled={waiting > 0 || resending.busy}
        onClick={() =>
          resending
            .run((key) => resend.mutateAsync({ email, key }))
            .then((answer) => {
              if (!answer) return;
              notify.success(answer.message);
              onResent(answer);
            })
            .catch((e) => notify.error(e))
        }
      >
        {waiting > 0 ? `Reenviar código em ${waiting} s` : 'Reenviar código'}
      </Button>
    </Stack>
  );
}

/**
 * Visitor ticket (/contato/ticket/visitante, public): the e-mail, the code sent to it, then the ticket form; on
 * success the visitor goes to /login (spec 3 §4). docs/support.md says what happens to the ticket.
 */
export function VisitorTicketPage() {
  const navigate = useNavigate();
  const lists = useTicketCategoriesPublic();
  const create = useCreateVisitorTicket();
  // one ticket per confirmed e-mail, whatever the fingers do (lib/intention.ts)
  const [email, setEmail] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const intention = useIntention({ visitorTicket: email, token });
  // From Auro's 'Abrir ticket': the e-mail the visitor gave the chat and the question, filled in (still verified).
  const [params] = useSearchParams();
  const [deadlines, setDeadlines] = useState<{ resendAt: number; expiresAt: number | null }>({
    resendAt: 0,
    expiresAt: null,
  });
  const step = token ? 2 : email ? 1 : 0;

  return (
    <FormPage
      title="Fale com a gente"
      subtitle="Sem conta ou sem acesso? Abra um ticket confirmando o seu e-mail."
      maxWidth={step === 2 ? 720 : 480}
    >
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 && (
        <EmailStep
          initialEmail={params.get('email') ?? ''}
          onSent={(address, sent) => {
            setEmail(address);
            setDeadlines(codeDeadlines(sent));
          }}
        />
      )}
      {step === 1 && (
        <CodeStep
          email={email}
          resendAt={deadlines.resendAt}
          expiresAt={deadlines.expiresAt}
          onResent={(sent) => setDeadlines(codeDeadlines(sent))}
          onVerified={setToken}
          onBack={() => setEmail('')}
        />
      )}
      {step === 2 && token && (
        <Stack spacing={2}>
          <Alert severity="success">E-mail confirmado: {email}</Alert>
          <TicketForm
            initialSubject={params.get('assunto') ?? ''}
            lists={lists}
            onSubmit={(fields, files) =>
              intention
                .run((key) => create.mutateAsync({ email, token, fields, files, key }))
                .then((answer) => {
                  if (!answer) return;
                  notify.success(answer.message);
                  navigate('/login');
                })
            }
          />
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Já tem conta?{' '}
        <Link component={RouterLink} to="/login">
          Entre
        </Link>{' '}
        e abra o ticket pela página de contato.
      </Typography>
    </FormPage>
  );
}

/** The categories (GET /api/ticket is public), as the form takes them. */
function useTicketCategoriesPublic() {
  const lists = useTicketCategories();
  return { data: lists.data, isPending: lists.isPending, error: lists.error, refetch: () => void lists.refetch() };
}

/** The page as the router loads it (lazyPage in app/router.tsx). @public */
export const Component = VisitorTicketPage;
