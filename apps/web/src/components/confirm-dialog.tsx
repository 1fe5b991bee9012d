import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, type MouseEvent, type ReactNode, useEffect, useRef } from 'react';

/** A click on the backdrop this soon after opening is the second click of the double click that opened it. */
const DOUBLE_CLICK_MS = 500;

/**
 * A yes/no question before an action that cannot be undone (delete, close the account, an operator's decision).
 * The content may hold fields: the dialog is a form, so Enter confirms. The second click of a double click that
 * opened it lands on its backdrop or on one of its buttons: that click does nothing (a double tap on
 * "Comprar" showed the confirmation for an instant and took it away; one on "Pagar com saldo" paid through it).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancelar',
  confirmColor = 'primary',
  pending = false,
  onConfirm,
  onClose,
  onExited,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmColor?: ButtonProps['color'];
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** once closed; where the opener may be gone after the action, put the focus somewhere sensible (lib/focus.ts) */
  onExited?: (node: HTMLElement) => void;
}) {
  const titleId = `confirm-${title.replace(/\W+/g, '-').toLowerCase()}`;
  const openedAt = useRef(0);
  useEffect(() => {
    if (open) openedAt.current = Date.now();
  }, [open]);
  // The second click of a double click (the browser's click count, `detail`, is 2) that opened the dialog lands where
  // the opening button was, and on a phone the dialog's buttons often sit there: it would confirm or cancel unseen.
  // A deliberate click is a first click (1); Enter and a screen reader's activation have no count (0).
  const secondClick = (event: MouseEvent) => event.detail >= 2;
  return (
    <Dialog
      open={open}
      onClose={
        pending
          ? undefined
          : (_event, reason) => {
              if (reason === 'backdropClick' && Date.now() - openedAt.current < DOUBLE_CLICK_MS) return;
              onClose();
            }
      }
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{
        transition: { onExited },
        paper: {
          component: 'form',
          noValidate: true,
          onSubmit: (event: FormEvent) => {
            event.preventDefault();
            if (!pending) onConfirm();
          },
        } as object,
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children && <DialogContent>{children}</DialogContent>}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={(event) => !secondClick(event) && onClose()} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={confirmColor}
          disabled={pending}
          onClick={(event) => {
            if (secondClick(event)) event.preventDefault();
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
