import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MASKS,
  onlyDigits,
  type Receiver,
  SILVER_TRANSFER_MESSAGE_MAX,
  type SilverTransfer,
  type SilverTransferOverviewResponse,
} from '@prata/domain';
import { type FormEvent, useRef, useState } from 'react';
import { DecimalTextField } from '../../../components/decimal-field';
import { MaskedTextField } from '../../../components/masked-text-field';
import { useRegistrationErrorHandler } from '../../../components/registration-query-state';
import { firstError, isApiError } from '../../../lib/api';
import { focusIfLost } from '../../../lib/focus';
import { useFormDraft } from '../../../lib/form-draft';
import { toMinorUnits } from '../../../lib/format';
import { useIntention } from '../../../lib/intention';
import { notify } from '../../../lib/notify';
import { useCheckReceiver, useCreateTransfer, useSendTransferCode } from '../api/transfers';
import {
  confirmationText,
  messageCounter,
  messageError,
  quantityCentigrams,
  quantityError,
  receiverCpfError,
  receiverEmailError,
} from '../rules';
import { TransferCodeDialog } from './code-dialog';
import { TransferReceiptDialog } from './receipt-dialog';

type Checked = { email: string; receiver: Receiver | null };
type Errors = Partial<Record<'email' | 'cpf' | 'quantity' | 'message', string>>;
type Sent = { quantityCg: number; quantity: string };

/** The largest number of grams the mask lets through (the server checks again). */
const MAX_GRAMS = 1_000_000;

function ReceiverSummary({ checked, onChange }: { checked: Checked; onChange: () => void }) {
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

/**
 * /transferir-prata's form (spec 3 §4 Transfer): the receiver's e-mail is checked first and then locked ('Alterar'
 * opens it again); the CPF only when the e-mail has no account; the quantity and the message; the e-mail code in a
 * dialog; the receipt dialog at the end. The code and the transfer are each one intention (lib/intention.ts): one
 * Idempotency-Key kept across double taps and retries, the buttons locked while it runs. The code dialog is the
 * transfer's confirmation: it says the grams and who receives them (transfers are free: nothing else leaves).
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one form (recipient, grams, code), mostly JSX
export function TransferForm({ overview }: { overview: SilverTransferOverviewResponse }) {
  const handle = useRegistrationErrorHandler();
  const check = useCheckReceiver();
  const sendCode = useSendTransferCode();
  const create = useCreateTransfer();
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [cpf, setCpf] = useState('');
  const [quantity, setQuantity] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<Sent | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [done, setDone] = useState<{ transfer: SilverTransfer; message: string } | null>(null);
  // a new transfer starts at the receiver's e-mail: the focus goes there when the receipt closes
  const emailInput = useRef<HTMLInputElement>(null);
  useFormDraft('transferir-prata', { email, cpf, quantity, message }, (d) => {
    setEmail(d.email ?? '');
    setCpf(d.cpf ?? '');
    setQuantity(d.quantity ?? '');
    setMessage(d.message ?? '');
  });
  const availableCg = toMinorUnits(overview.currentBalance);
  const needsCpf = checked !== null && checked.receiver === null;
  const codeIntention = useIntention({ email: checked?.email ?? null, quantity, sent: sent?.quantity ?? null });
  const transfer = useIntention({ email: checked?.email ?? null, cpf, message, sent: sent?.quantity ?? null });

  const fieldErrors = (error: unknown) => {
    const server = isApiError(error) ? error.errors : undefined;
    setErrors({
      email: server?.receiver_email?.[0] ?? server?.email?.[0],
      cpf: server?.receiver_cpf?.[0],
      quantity: server?.quantity_grams?.[0],
      message: server?.message?.[0],
    });
  };

  const verify = (event?: FormEvent) => {
    event?.preventDefault();
    const problem = receiverEmailError(email);
    if (problem) return setErrors({ email: problem });
    setErrors({});
    check.mutate(email.trim(), {
      onSuccess: ({ receiver }) => setChecked({ email: email.trim().toLowerCase(), receiver }),
      onError: (error) =>
        handle(error, (e) => {
          notify.error(e);
          setErrors({ email: firstError(e) });
        }),
    });
  };

  const change = () => {
    setChecked(null);
    setCpf('');
    setErrors({});
  };

  const requestCode = async (target: Checked, amount: Sent) => {
    try {
      const answer = await codeIntention.run((key) =>
        sendCode.mutateAsync({ body: { quantity_grams: amount.quantity, receiver_email: target.email }, key }),
      );
      if (!answer) return;
      notify.success(answer.message);
      setSent(amount);
      setResendAt(Date.now() + answer.resendAfterSeconds * 1000);
      setCodeError(null);
    } catch (error) {
      handle(error, (e) => {
        notify.error(e);
        fieldErrors(e);
      });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked) return;
    const next: Errors = {
      cpf: needsCpf ? (receiverCpfError(cpf) ?? undefined) : undefined,
      quantity: quantityError(quantity, availableCg) ?? undefined,
      message: messageError(message) ?? undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    void requestCode(checked, { quantityCg: quantityCentigrams(quantity)!, quantity });
  };

  const confirm = async (code: string) => {
    if (!checked || !sent) return;
    const body = {
      verificationCode: code,
      receiver_id: checked.receiver?.id ?? null,
      receiver_email: checked.email,
      receiver_cpf: needsCpf ? onlyDigits(cpf) : null,
      quantity_grams: sent.quantity,
      message: message.trim() || null,
    };
    try {
      const answer = await transfer.run((key) => create.mutateAsync({ body, key }));
      if (!answer) return;
      setSent(null);
      setDone(answer);
      setChecked(null);
      setEmail('');
      setCpf('');
      setQuantity('');
      setMessage('');
    } catch (error) {
      handle(error, (e) => {
        const server = isApiError(e) ? e.errors : undefined;
        const onCode = server?.verificationCode?.[0];
        if (onCode && Object.keys(server ?? {}).length === 1) return setCodeError(onCode);
        setSent(null);
        notify.error(e);
        fieldErrors(e);
      });
    }
  };

  return (
    <>
      <Stack spacing={3}>
        {checked ? (
          <ReceiverSummary checked={checked} onChange={change} />
        ) : (
          <Stack
            component="form"
            noValidate
            onSubmit={verify}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            aria-label="Verificação do recebedor"
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              inputRef={emailInput}
              label="E-mail do recebedor"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setErrors({});
              }}
              error={Boolean(errors.email)}
              helperText={errors.email ?? 'Verificamos o e-mail antes da transferência.'}
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: 254, inputMode: 'email' } }}
            />
            <Button
              type="submit"
              variant="outlined"
              disabled={check.isPending}
              sx={{ minHeight: 56, whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              Verificar e-mail
            </Button>
          </Stack>
        )}
        {checked && (
          <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label="Transferência de prata">
            {needsCpf && (
              <>
                <Alert severity="info">
                  Este e-mail ainda não tem conta no Prata. Informe o CPF do recebedor: a prata fica reservada até ele
                  se cadastrar com este e-mail e este CPF (até {overview.unclaimedExpiryDays} dias). Até lá você pode
                  cancelar a transferência em Meu histórico.
                </Alert>
                <MaskedTextField
                  label="CPF do recebedor"
                  mask={MASKS.cpf}
                  inputMode="numeric"
                  value={cpf}
                  onChange={(value) => {
                    setCpf(value);
                    setErrors((e) => ({ ...e, cpf: undefined }));
                  }}
                  error={Boolean(errors.cpf)}
                  helperText={errors.cpf ?? ' '}
                  required
                  fullWidth
                />
              </>
            )}
            <DecimalTextField
              label="Quantidade"
              unit="g"
              max={MAX_GRAMS}
              value={quantity}
              onChange={(value) => {
                setQuantity(value);
                setErrors((e) => ({ ...e, quantity: undefined }));
              }}
              error={Boolean(errors.quantity)}
              helperText={errors.quantity ?? 'Em gramas, com até 2 casas decimais.'}
              required
              fullWidth
            />
            <TextField
              label="Mensagem (opcional)"
              value={message}
              onChange={(event) => {
                setMessage(event.target.value);
                setErrors((e) => ({ ...e, message: undefined }));
              }}
              error={Boolean(errors.message) || message.length > SILVER_TRANSFER_MESSAGE_MAX}
              helperText={
                <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <span>{errors.message ?? 'O recebedor lê a mensagem no e-mail e no comprovante.'}</span>
                  <span data-testid="message-counter">{messageCounter(message)}</span>
                </Box>
              }
              fullWidth
              slotProps={{ htmlInput: { maxLength: SILVER_TRANSFER_MESSAGE_MAX } }}
            />
            <Box>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={codeIntention.busy}
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                Transferir
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Transferências entre clientes Prata são gratuitas. Enviaremos um código ao seu e-mail para confirmar.
              </Typography>
            </Box>
          </Stack>
        )}
      </Stack>
      <TransferCodeDialog
        key={sent ? `${sent.quantity}-${checked?.email}` : 'closed'}
        open={sent !== null}
        summary={sent && checked ? confirmationText(sent.quantityCg, checked.receiver, checked.email) : ''}
        resendAt={resendAt}
        error={codeError}
        pending={transfer.busy || codeIntention.busy}
        onResend={() => checked && sent && void requestCode(checked, sent)}
        onConfirm={(code) => void confirm(code)}
        onClose={() => setSent(null)}
      />
      <TransferReceiptDialog
        transfer={done?.transfer ?? null}
        message={done?.message ?? ''}
        onClose={() => setDone(null)}
        onExited={(node) => focusIfLost(emailInput.current, node)}
      />
    </>
  );
}
