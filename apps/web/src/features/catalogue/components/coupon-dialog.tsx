import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { Coupon } from '@prata/domain';
import { type FormEvent, useState } from 'react';
import { firstError, isApiError } from '@/lib/api';

/** What a refused coupon shows under the field: the `errors` field's message (spec 1 §8), else the message. */
export function couponErrorOf(error: unknown): string {
  const errors = isApiError(error) ? error.errors : undefined;
  return errors?.code?.[0] ?? errors?.coupon_code?.[0] ?? firstError(error);
}

/** '5% de desconto em cunhagem, seguro e frete' */
function couponSummary(coupon: Coupon): string {
  const percent = coupon.discount_percent.toLocaleString('pt-BR', { maximumFractionDigits: 2 });
  return `${percent}% de desconto em cunhagem, seguro e frete`;
}

/**
 * The coupon (spec 1 §2.5, §4.2): a code and 'Aplicar', disabled while the code is empty; an applied coupon can be
 * removed. `onApply` recalculates with the code and answers the error to show, or null once it is applied.
 */
export function CouponDialog({
  open,
  applied,
  pending,
  onApply,
  onRemove,
  onClose,
}: {
  open: boolean;
  applied: Coupon | null;
  pending: boolean;
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const trimmed = code.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || pending) return;
    const problem = await onApply(trimmed.toUpperCase());
    setError(problem);
    if (problem === null) {
      setCode('');
      onClose();
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="coupon-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id="coupon-title">Cupom de desconto</DialogTitle>
      <DialogContent>
        {applied ? (
          <DialogContentText sx={{ mb: 2 }}>
            Cupom <strong>{applied.code}</strong> aplicado: {couponSummary(applied)}.
          </DialogContentText>
        ) : (
          <DialogContentText sx={{ mb: 2 }}>Tem um cupom? Informe o código para recalcular o pedido.</DialogContentText>
        )}
        <TextField
          label="Código do cupom"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? undefined}
          fullWidth
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 40, style: { textTransform: 'uppercase' } } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {applied && (
          <Button
            color="error"
            disabled={pending}
            onClick={() =>
              void onRemove().then(
                () => onClose(),
                () => undefined,
              )
            }
            sx={{ mr: 'auto' }}
          >
            Remover cupom
          </Button>
        )}
        <Button color="inherit" onClick={onClose}>
          Fechar
        </Button>
        <Button type="submit" variant="contained" disabled={!trimmed || pending}>
          Aplicar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
