import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MASKS, SILVER_TRANSFER_MESSAGE_MAX } from '@prata/domain';
import { DecimalTextField } from '@/components/decimal-field';
import { MaskedTextField } from '@/components/masked-text-field';
import { messageCounter } from '../rules';
import type { useTransferFlow } from './use-transfer-flow';

/** The largest number of grams the mask lets through (the server checks again). */
const MAX_GRAMS = 1_000_000;

type Props = { flow: ReturnType<typeof useTransferFlow>; unclaimedExpiryDays: number };

/**
 * The second step, once the receiver is checked: the receiver's CPF when the e-mail has no account, the grams and the
 * message, and 'Transferir' (which asks for the code or the passkey).
 */
export function TransferDetails({ flow, unclaimedExpiryDays }: Props) {
  const { errors, clearError } = flow;
  return (
    <Stack component="form" noValidate onSubmit={flow.submit} spacing={2.5} aria-label="Transferência de prata">
      {flow.needsCpf && (
        <>
          <Alert severity="info">
            Este e-mail ainda não tem conta no Prata. Informe o CPF do recebedor: a prata fica reservada até ele se
            cadastrar com este e-mail e este CPF (até {unclaimedExpiryDays} dias). Até lá você pode cancelar a
            transferência em Meu histórico.
          </Alert>
          <MaskedTextField
            label="CPF do recebedor"
            mask={MASKS.cpf}
            inputMode="numeric"
            value={flow.cpf}
            onChange={(value) => {
              flow.setCpf(value);
              clearError('cpf');
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
        value={flow.quantity}
        onChange={(value) => {
          flow.setQuantity(value);
          clearError('quantity');
        }}
        error={Boolean(errors.quantity)}
        helperText={errors.quantity ?? 'Em gramas, com até 2 casas decimais.'}
        required
        fullWidth
      />
      <TextField
        label="Mensagem (opcional)"
        value={flow.message}
        onChange={(event) => {
          flow.setMessage(event.target.value);
          clearError('message');
        }}
        error={Boolean(errors.message) || flow.message.length > SILVER_TRANSFER_MESSAGE_MAX}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{errors.message ?? 'O recebedor lê a mensagem no e-mail e no comprovante. Sem links.'}</span>
            <span data-testid="message-counter">{messageCounter(flow.message)}</span>
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
          ref={flow.transferButton}
          disabled={flow.codeBusy || flow.transferBusy}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Transferir
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {flow.usePasskey
            ? 'Transferências entre clientes Prata são gratuitas. Você confirma com sua chave de acesso.'
            : 'Transferências entre clientes Prata são gratuitas. Enviaremos um código ao seu e-mail para confirmar.'}
        </Typography>
      </Box>
    </Stack>
  );
}
