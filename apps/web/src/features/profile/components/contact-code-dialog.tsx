import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CODE_LENGTH, codeField, formatCelular, onlyDigits } from '@prata/domain';
import { type FormEvent, type RefObject, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormCodeField } from '@/components/code-field';
import { ResendAnnouncer } from '@/components/countdown-announcer';
import { firstError, hasErrorCode, isApiError } from '@/lib/api';
import { focusIfLost } from '@/lib/focus';
import { useSecondsUntil } from '@/lib/hooks';
import { codeDeadlines } from '@prata/domain';
import { CodeExpiredNotice } from '@/components/code-expired';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { resendLabel } from '@/features/auth/index';
import { type ContactTarget, useRequestContactCode } from '../api/request-contact-code';

/** The server asks for a code: a stored mobile number (or a company's contact e-mail) is being changed. */
function isContactCodeRequired(error: unknown): boolean {
  return hasErrorCode(error, 'CONTACT_CODE_REQUIRED');
}

/** The message of a wrong, expired or spent code (the answer's `errors.code`), if that is what failed. */
function codeErrorOf(error: unknown): string | undefined {
  return isApiError(error) ? error.errors?.code?.[0] : undefined;
}

/** The code asked for: what it confirms, the form's request it saves, a notice, and its windows (epoch ms). */
type Pending<T> = {
  target: ContactTarget;
  request: T;
  notice: string | null;
  resendAt: number;
  /** null when the code was sent before this dialog (CODE_RESEND_WAIT) and its validity is not known here */
  expiresAt: number | null;
};

/**
 * The confirmation of a contact change around a form's save: `ask(target, request)` sends the code to the account's
 * e-mail and opens the dialog holding the request; the dialog's code is then saved with it.
 */
export function useContactConfirmation<T>() {
  const [pending, setPending] = useState<Pending<T> | null>(null);
  const send = useRequestContactCode();
  // one e-mail per request of a code, whatever the fingers do: a second tap while one is on its way is dropped, and
  // a retry after a lost answer carries the same key (the target is known only at the tap)
  const intention = useIntention('contact-code');
  const ask = async (target: ContactTarget, request: T) => {
    try {
      const answer = await intention.run((key) => send.mutateAsync({ target, key }));
      if (answer) setPending({ target, request, notice: null, ...codeDeadlines(answer) });
    } catch (error) {
      // A code sent within the resend window (the dialog was closed and the form saved again) still works.
      if (hasErrorCode(error, 'CODE_RESEND_WAIT', 'RATE_LIMITED')) {
        const wait = isApiError(error) ? (error.retryAfterSeconds ?? 0) : 0;
        setPending({ target, request, notice: firstError(error), resendAt: Date.now() + wait * 1000, expiresAt: null });
      } else notify.error(error);
    }
  };
  return {
    pending,
    ask,
    /**
     * A save refused: a code the server requires is asked for (the dialog opens holding `request`); a wrong, expired
     * or spent code goes under the dialog's code field (`setCodeError`, when the save came from the dialog); anything
     * else closes the dialog and goes to `onOther` (the form's fields).
     */
    refused(
      error: unknown,
      target: ContactTarget,
      request: T,
      setCodeError: ((message: string) => void) | undefined,
      onOther: (error: unknown) => void,
    ) {
      if (isContactCodeRequired(error)) {
        void ask(target, request);
        return;
      }
      const codeError = codeErrorOf(error);
      if (setCodeError && codeError) {
        setCodeError(codeError);
        return;
      }
      setPending(null);
      onOther(error);
    },
    /** A new code: its windows replace the last one's. */
    async resend(): Promise<void> {
      if (!pending) return;
      try {
        const answer = await intention.run((key) => send.mutateAsync({ target: pending.target, key }));
        if (answer) setPending({ ...pending, notice: null, ...codeDeadlines(answer) });
      } catch (error) {
        // told to wait (429): the button counts the server's Retry-After
        const wait = isApiError(error) ? error.retryAfterSeconds : null;
        setPending({ ...pending, notice: firstError(error), ...(wait ? { resendAt: Date.now() + wait * 1000 } : {}) });
      }
    },
    close: () => setPending(null),
  };
}

export type ContactConfirmation<T> = ReturnType<typeof useContactConfirmation<T>>;

function describeTarget(target: ContactTarget, current: { celular: string | null; email?: string | null }): string {
  const parts: string[] = [];
  if (onlyDigits(target.celular) !== current.celular) parts.push(`o novo celular ${formatCelular(target.celular)}`);
  if (target.email !== undefined && target.email.trim().toLowerCase() !== current.email?.toLowerCase()) {
    parts.push(`o novo e-mail de contato ${target.email.trim()}`);
  }
  return parts.length > 0 ? parts.join(' e ') : 'os novos dados de contato';
}

const CodeForm = z.object({ code: codeField });

function CodeDialogBody<T>({
  confirmation,
  accountEmail,
  current,
  saving,
  onConfirm,
}: {
  confirmation: ContactConfirmation<T>;
  accountEmail: string;
  current: { celular: string | null; email?: string | null };
  saving: boolean;
  onConfirm: (code: string, request: T, setCodeError: (message: string) => void) => void;
}) {
  const pending = confirmation.pending!;
  const remaining = useSecondsUntil(pending.resendAt);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(CodeForm),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(({ code }) =>
    onConfirm(code, pending.request, (message) => setError('code', { type: 'server', message }, { shouldFocus: true })),
  );

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.stopPropagation();
        void submit(event);
      }}
    >
      <DialogTitle id="contact-code-title">Confirme a alteração</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Para sua segurança, enviamos um código de {CODE_LENGTH} dígitos para o e-mail da conta,{' '}
            <strong>{accountEmail}</strong>. Digite-o para confirmar {describeTarget(pending.target, current)}.
          </Typography>
          {pending.notice && <Alert severity="warning">{pending.notice}</Alert>}
          <FormCodeField control={control} name="code" label="Código de verificação" autoFocus />
          <CodeExpiredNotice expiresAt={pending.expiresAt} />
          <Button
            onClick={() => void confirmation.resend()}
            disabled={remaining > 0 || saving}
            sx={{ alignSelf: 'flex-start' }}
          >
            {resendLabel(remaining)}
          </Button>
          <ResendAnnouncer secondsLeft={remaining} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={confirmation.close} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          Confirmar
        </Button>
      </DialogActions>
    </Stack>
  );
}

/**
 * The dialog that asks for the code sent to the account's e-mail before a new mobile number (or a company's new
 * contact e-mail) is saved; resend waits the server's window with a visible countdown, like the sign-in code.
 */
export function ContactCodeDialog<T>(props: {
  confirmation: ContactConfirmation<T>;
  accountEmail: string;
  /** the stored contact, to say what changes */
  current: { celular: string | null; email?: string | null };
  saving: boolean;
  onConfirm: (code: string, request: T, setCodeError: (message: string) => void) => void;
  /** where the focus goes once it has closed, when the element that had it is gone (the save, disabled while it ran) */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { confirmation, saving, returnFocusTo } = props;
  return (
    <Dialog
      open={confirmation.pending !== null}
      onClose={saving ? undefined : confirmation.close}
      aria-labelledby="contact-code-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: (node: HTMLElement) => focusIfLost(returnFocusTo.current, node) } }}
    >
      {confirmation.pending && <CodeDialogBody {...props} />}
    </Dialog>
  );
}
