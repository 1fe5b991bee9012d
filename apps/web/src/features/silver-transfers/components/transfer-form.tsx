import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SilverTransferOverviewResponse } from '@prata/domain';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { focusIfLost } from '@/lib/focus';
import { confirmationText } from '../rules';
import { TransferCodeDialog } from './code-dialog';
import { TransferReceiptDialog } from './receipt-dialog';
import { ReceiverEmailForm, ReceiverSummary } from './receiver-step';
import { TransferDetails } from './transfer-details';
import { useTransferFlow } from './use-transfer-flow';

/**
 * /transferir-prata's form (spec 3 §4 Transfer): the receiver's e-mail is checked first and then locked ('Alterar'
 * opens it again); the CPF only when the e-mail has no account; the quantity and the message; the e-mail code in a
 * dialog (or the passkey, when the customer has one); the receipt dialog at the end. The code dialog is the
 * transfer's confirmation: it says the grams and who receives them (transfers are free: nothing else leaves).
 */
export function TransferForm({ overview }: { overview: SilverTransferOverviewResponse }) {
  const flow = useTransferFlow(overview);
  const { checked, sent, reviewing, done } = flow;
  return (
    <>
      <Stack spacing={3}>
        {checked ? (
          <ReceiverSummary checked={checked} onChange={flow.change} />
        ) : (
          <ReceiverEmailForm
            email={flow.email}
            error={flow.errors.email}
            pending={flow.checking}
            inputRef={flow.emailInput}
            onEmail={(email) => {
              flow.setEmail(email);
              flow.clearErrors();
            }}
            onSubmit={flow.verify}
          />
        )}
        {checked && <TransferDetails flow={flow} unclaimedExpiryDays={overview.unclaimedExpiryDays} />}
      </Stack>
      <TransferCodeDialog
        key={sent ? `${sent.quantity}-${checked?.email}` : 'closed'}
        open={sent !== null}
        summary={sent && checked ? confirmationText(sent.quantityCg, checked.receiver, checked.email) : ''}
        resendAt={flow.resendAt}
        expiresAt={flow.expiresAt}
        error={flow.codeError}
        pending={flow.transferBusy || flow.codeBusy}
        onResend={() => checked && sent && void flow.requestCode(checked, sent)}
        onConfirm={(code) => void flow.confirm(code)}
        onClose={flow.closeCodeDialog}
      />
      <ConfirmDialog
        open={reviewing !== null && checked !== null}
        title="Confirmar transferência?"
        confirmLabel="Confirmar com chave de acesso"
        pending={flow.transferBusy}
        onClose={() => flow.setReviewing(null)}
        onConfirm={() => void flow.confirmWithPasskey()}
      >
        <Typography>
          {reviewing && checked ? confirmationText(reviewing.quantityCg, checked.receiver, checked.email) : ''}
        </Typography>
      </ConfirmDialog>
      <TransferReceiptDialog
        transfer={done?.transfer ?? null}
        message={done?.message ?? ''}
        onClose={() => flow.setDone(null)}
        onExited={(node) => focusIfLost(flow.emailInput.current, node)}
      />
    </>
  );
}
