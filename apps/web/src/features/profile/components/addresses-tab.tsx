import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RouterLink } from '@/components/router-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Address } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { formatAddress } from '../labels';
import { useDeleteAddress } from '../api/save-address';
import { ADD_ADDRESS_PATH, editAddressPath } from '../tabs';
import { TabSection } from './tab-section';

function AddressCard({ address, canDelete, onDelete }: { address: Address; canDelete: boolean; onDelete: () => void }) {
  const [line1, line2, cep] = formatAddress(address);
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={`${address.type}: ${line1}`}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.25 }}
    >
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.8 }}>
        {address.type}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{line1}</Typography>
      <Typography color="text.secondary">{line2}</Typography>
      <Typography color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {cep}
      </Typography>
      {address.other_info && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {address.other_info}
        </Typography>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, ml: -1 }}>
        <Button size="small" startIcon={<EditOutlined />} component={RouterLink} to={editAddressPath(address.id)}>
          Editar
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlined />}
          onClick={onDelete}
          disabled={!canDelete}
          title={canDelete ? undefined : 'Cadastre outro endereço antes de excluir este.'}
        >
          Excluir
        </Button>
      </Stack>
    </Paper>
  );
}

/** Meus endereços: the saved addresses, with add, edit and delete (spec 2 §2). */
export function AddressesTab({ addresses }: { addresses: Address[] }) {
  const [deleting, setDeleting] = useState<Address | null>(null);
  const remove = useDeleteAddress();
  // The registration needs one address: the last one cannot be deleted, only edited.
  const canDelete = addresses.length > 1;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        notify.success(message);
        setDeleting(null);
      },
      onError: (error) => {
        notify.error(error);
        setDeleting(null);
      },
    });
  };

  return (
    <TabSection
      title="Meus endereços"
      description={
        canDelete || addresses.length === 0
          ? 'Endereços para entrega de prata física e correspondência.'
          : 'Endereços para entrega de prata física e correspondência. Sua conta precisa de ao menos um endereço: para excluir este, cadastre outro antes.'
      }
      action={
        <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={ADD_ADDRESS_PATH}>
          Adicionar endereço
        </Button>
      }
    >
      {addresses.length === 0 ? (
        <Typography color="text.secondary">Nenhum endereço cadastrado.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {addresses.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              canDelete={canDelete}
              onDelete={() => setDeleting(address)}
            />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir endereço?"
        confirmLabel="Excluir"
        confirmColor="error"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <Typography>
            O endereço <strong>{formatAddress(deleting)[0]}</strong> será removido da sua conta.
          </Typography>
        )}
      </ConfirmDialog>
    </TabSection>
  );
}
