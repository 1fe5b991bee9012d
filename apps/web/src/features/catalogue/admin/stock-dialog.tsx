import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { hasErrorCode } from '@/lib/api';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { type HouseBarStock, useAdjustStock } from './api';
import { units } from './labels';

export type StockProduct = HouseBarStock['products'][number];
type Direction = 'in' | 'out';

/** The contract's bound of one adjustment. */
const MAX_DELTA = 1_000_000;

/**
 * 'Ajustar estoque': units in (bars minted and put in the vault) or out (damaged, lost), sent as a delta the server
 * applies with a guard (the stock never goes below zero). It changes what the catalogue can sell, so it shows the
 * stock after the change before confirming.
 */
export function StockDialog({ product, onClose }: { product: StockProduct | null; onClose: () => void }) {
  const adjust = useAdjustStock();
  const [direction, setDirection] = useState<Direction>('in');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const quantity = /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null;
  const delta = quantity === null ? null : direction === 'in' ? quantity : -quantity;
  const after = product && delta !== null ? product.stock + delta : null;
  const intention = useIntention({ product: product?.id ?? null, delta });

  const confirm = () => {
    if (!product) return;
    if (quantity === null || quantity === 0 || quantity > MAX_DELTA) {
      setError('Informe uma quantidade de unidades, um número inteiro maior que zero.');
      return;
    }
    if (after !== null && after < 0) {
      setError(`O estoque tem ${units(product.stock)}: não dá para tirar mais que isso.`);
      return;
    }
    intention
      .run((key) => adjust.mutateAsync({ id: product.id, delta: delta!, key }))
      .then(
        (answer) => {
          if (!answer) return;
          notify.success(answer.message);
          onClose();
        },
        (failure: unknown) => {
          // sales took units while the dialog was open: the server says how many are left, under the field
          if (hasErrorCode(failure, 'STOCK_BELOW_ZERO')) {
            setError(failure.message);
            return;
          }
          notify.error(failure);
          onClose();
        },
      );
  };

  return (
    <ConfirmDialog
      open={product !== null}
      title="Ajustar estoque"
      confirmLabel={direction === 'in' ? 'Adicionar ao estoque' : 'Retirar do estoque'}
      confirmColor={direction === 'in' ? 'primary' : 'error'}
      pending={intention.busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      {product && (
        <Stack spacing={2}>
          <Typography>
            {product.name}: {units(product.stock)} em estoque
            {product.to_ship > 0 ? `; mais ${units(product.to_ship)} em pedidos ainda não enviados` : ''}.
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color="primary"
            value={direction}
            onChange={(_event, next: Direction | null) => next && setDirection(next)}
            aria-label="Entrada ou saída"
          >
            <ToggleButton value="in">Entrada (+)</ToggleButton>
            <ToggleButton value="out">Saída (−)</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            label="Unidades"
            required
            autoFocus
            value={text}
            onChange={(event) => {
              setText(event.target.value.replace(/\D/g, ''));
              if (error) setError(null);
            }}
            error={Boolean(error)}
            helperText={
              error ??
              (after !== null && quantity
                ? `O estoque passa a ${units(after)}.`
                : 'Barras que entraram ou saíram do cofre')
            }
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          />
          {direction === 'out' && (
            <Alert severity="warning">
              Use a saída para barras danificadas ou perdidas. As vendas já tiram as unidades do estoque sozinhas.
            </Alert>
          )}
        </Stack>
      )}
    </ConfirmDialog>
  );
}
