import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AccountType, Address } from '@/lib/auth';
import { useIntention } from '@/lib/intention';
import { useCreateAddress } from '../api/create-address';
import { formatAddress } from '../labels';
import { AddressForm } from './address-form';

function ExistingAddress({
  address,
  onContinue,
  onAddAnother,
  onBack,
}: {
  address: Address;
  onContinue: () => void;
  onAddAnother: () => void;
  onBack?: () => void;
}) {
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">Você já tem um endereço cadastrado:</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="overline" color="text.secondary">
          {address.type}
        </Typography>
        {formatAddress(address).map((line) => (
          <Typography key={line}>{line}</Typography>
        ))}
      </Paper>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        {onBack && (
          <Button color="inherit" onClick={onBack}>
            Voltar
          </Button>
        )}
        <Button onClick={onAddAnother}>Cadastrar outro endereço</Button>
        <Button variant="contained" size="large" onClick={onContinue}>
          Continuar com este endereço
        </Button>
      </Stack>
    </Stack>
  );
}

/** Step "Endereço" (both account types). */
export function AddressStep({
  addresses,
  accountType,
  submitLabel,
  onDone,
  onBack,
}: {
  addresses: Address[];
  accountType: AccountType;
  submitLabel: string;
  onDone: () => void;
  onBack?: () => void;
}) {
  const existing = addresses[0];
  const [adding, setAdding] = useState(!existing);
  const create = useCreateAddress();
  // One address per 'Continuar', however many clicks (the form's content is only known at submit).
  const intention = useIntention('registration-address');

  if (existing && !adding) {
    return (
      <ExistingAddress address={existing} onContinue={onDone} onAddAnother={() => setAdding(true)} onBack={onBack} />
    );
  }

  return (
    <AddressForm
      accountType={accountType}
      submitLabel={submitLabel}
      pending={intention.busy}
      save={(request) => intention.run((idempotencyKey) => create.mutateAsync({ ...request, idempotencyKey }))}
      onSaved={onDone}
      onBack={existing ? () => setAdding(false) : onBack}
    />
  );
}
