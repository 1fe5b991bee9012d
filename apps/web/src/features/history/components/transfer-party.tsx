import Typography from '@mui/material/Typography';
import type { SilverTransferRow } from '../types';

/** The other party of a transfer: to whom it was sent (a short name and the typed e-mail), or from whom it came. */
export function TransferParty({ row }: { row: SilverTransferRow }) {
  if (row.direction === 'received') return <>De {row.sender?.name ?? '—'}</>;
  const email = row.receiver?.email ?? row.receiver_email ?? '—';
  return (
    <>
      {row.receiver?.name && <Typography variant="body2">Para {row.receiver.name}</Typography>}
      <Typography
        variant="body2"
        color={row.receiver?.name ? 'text.secondary' : undefined}
        sx={{ overflowWrap: 'anywhere' }}
      >
        {row.receiver?.name ? email : `Para ${email}`}
      </Typography>
    </>
  );
}
