import Typography from '@mui/material/Typography';
import type { SilverTransferRow } from '../types';

/**
 * Which way a transfer went and the other party: 'Enviada para Maria S.' with the e-mail the customer typed, or
 * 'Recebida de Carlos P.' (a receiver never sees the sender's e-mail).
 */
export function TransferParty({ row }: { row: SilverTransferRow }) {
  if (row.direction === 'received') {
    return <Typography variant="body2">Recebida de {row.sender?.name ?? '—'}</Typography>;
  }
  const email = row.receiver?.email ?? row.receiver_email ?? '—';
  const name = row.receiver?.name;
  return (
    <>
      <Typography variant="body2">Enviada para {name ?? email}</Typography>
      {name && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {email}
        </Typography>
      )}
    </>
  );
}
