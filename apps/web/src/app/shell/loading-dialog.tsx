import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useLoadingState } from '@/lib/loading';

/** Shows after 200 ms, so quick calls do not flash a dialog. */
const SHOW_DELAY_MS = 200;

export function LoadingDialog() {
  const { open, message } = useLoadingState();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!open) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  return (
    <Dialog open={visible && open} aria-labelledby="loading-dialog-message">
      <DialogContent sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3, px: 4 }}>
        <CircularProgress size={28} aria-hidden />
        <Typography id="loading-dialog-message" role="status">
          {message}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
