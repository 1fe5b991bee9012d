import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';

/**
 * A back-office dialog whose paper is the form: the title, the fields one under another, then 'Cancelar' and the
 * submit button. While the save is pending both buttons are off and the dialog does not close (Esc, a click outside).
 */
export function FormDialog({
  open,
  titleId,
  title,
  submitLabel,
  pending,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  /** the title's id, the dialog's accessible name */
  titleId: string;
  title: ReactNode;
  submitLabel: ReactNode;
  pending: boolean;
  onSubmit: FormEventHandler;
  onClose: () => void;
  children: ReactNode;
}) {
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={close} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
};

/** A form dialog's fields two to a row from sm up, one to a row on a phone. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={GRID}>{children}</Box>;
}

/**
 * What a form dialog's save does with the answer: the server's message in the snackbar and the dialog closed, or
 * the server's errors under the form's `fields` (the others in the snackbar).
 */
export function closeOnSave<T extends FieldValues>(
  onClose: () => void,
  setError: UseFormSetError<T>,
  fields: readonly string[],
) {
  return {
    onSuccess: ({ message }: { message: string }) => {
      notify.success(message);
      onClose();
    },
    onError: (error: unknown) => applyServerErrors(error, setError, fields),
  };
}
