import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { formatGrams, isoToBrDate } from '@prata/domain';
import { useAdminReserves } from './api';

/** The back office's alert: the bars listed in the vault weigh less than the silver owed on the latest day. */
export function ReservesShortfallBanner({ enabled = true }: { enabled?: boolean }) {
  const { data } = useAdminReserves(enabled);
  if (!data?.shortfall || !data.latest || data.differenceCg === null) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      <AlertTitle>O cofre tem menos prata do que a devida</AlertTitle>
      As barras listadas somam {formatGrams(data.barsCg)}; em {isoToBrDate(data.latest.day)} os clientes tinham{' '}
      {formatGrams(data.latest.liabilitiesCg)}. Faltam {formatGrams(-data.differenceCg)}.
    </Alert>
  );
}
