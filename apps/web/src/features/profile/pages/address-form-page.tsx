import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useNavigate, useParams } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { PageHeader } from '@/components/page';
import { firstError, hasErrorCode } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { useIntention } from '@/lib/intention';
import { AddressForm } from '../components/address-form';
import { useAddress } from '../api/get-address';
import { useCreateAddress, useUpdateAddress } from '../api/save-address';
import { ADDRESSES_PATH } from '../tabs';

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      <Button component={RouterLink} to={ADDRESSES_PATH} startIcon={<ArrowBack />} sx={{ mb: 1, ml: -1 }}>
        Meus endereços
      </Button>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        {children}
      </Paper>
    </Container>
  );
}

/** /meus-dados/meus-enderecos/adicionar: back to the addresses tab after saving (spec 2 §2). */
export function AddAddressPage() {
  const navigate = useNavigate();
  const create = useCreateAddress();
  const intention = useIntention('new-address');
  const { user } = useUser();
  const back = () => navigate(ADDRESSES_PATH);
  return (
    <Frame title="Adicionar endereço">
      {user ? (
        <AddressForm
          // a company's new address starts as Comercial: the form waits for the user, so it never shows Residencial
          // first and changes under the person's eyes
          accountType={user.account_type}
          submitLabel="Salvar endereço"
          pending={intention.busy}
          save={(request) => intention.run((key) => create.mutateAsync({ ...request, key }))}
          onSaved={back}
          onBack={back}
          backLabel="Cancelar"
        />
      ) : (
        <Skeleton variant="rounded" height={320} role="progressbar" aria-label="Carregando o formulário" />
      )}
    </Frame>
  );
}

/** An id that is not one of the customer's addresses (a typo, a deleted one, another customer's): say so, and lead back. */
function AddressNotFound() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="warning" sx={{ alignSelf: 'stretch' }}>
        Endereço não encontrado. Ele pode ter sido excluído, ou o link está incorreto.
      </Alert>
      <Button component={RouterLink} to={ADDRESSES_PATH} variant="contained" startIcon={<ArrowBack />}>
        Voltar para Meus endereços
      </Button>
    </Stack>
  );
}

const isAddressId = (id: number) => Number.isSafeInteger(id) && id > 0;

function EditForm({ id }: { id: number }) {
  const navigate = useNavigate();
  const valid = isAddressId(id);
  const address = useAddress(valid ? id : 0);
  const update = useUpdateAddress(id);
  const back = () => navigate(ADDRESSES_PATH);

  // Not a number (or 0): the query never runs, so it would stay "pending" forever.
  if (!valid) return <AddressNotFound />;
  if (address.isPending) {
    return (
      <Stack spacing={2}>
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={56} width="60%" />
      </Stack>
    );
  }
  if (address.isError) {
    if (hasErrorCode(address.error, 'NOT_FOUND', 'VALIDATION_FAILED', 'BAD_REQUEST')) return <AddressNotFound />;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void address.refetch()}>
            Tentar de novo
          </Button>
        }
      >
        {firstError(address.error)}
      </Alert>
    );
  }
  return (
    <AddressForm
      address={address.data}
      submitLabel="Salvar alterações"
      pending={update.isPending}
      save={(request) => update.mutateAsync(request)}
      onSaved={back}
      onBack={back}
      backLabel="Cancelar"
    />
  );
}

/** /meus-dados/meus-enderecos/editar/:id: loads GET /api/address/{id}; back to the addresses tab after saving. */
export function EditAddressPage() {
  const id = Number(useParams().id);
  return (
    <Frame title="Editar endereço">
      <EditForm key={id} id={id} />
    </Frame>
  );
}
