import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MESSAGES, type ProductType } from '@prata/domain';
import { useEffect, useState } from 'react';
import { firstError } from '@/lib/api';
import { useDebouncedValue } from '@/lib/hooks';
import { notify } from '@/lib/notify';
import { validateQuantity } from '../api/checkout';
import { AddItemDialog } from './add-item-dialog';
import { type CartLine, CartTable } from './cart-table';
import { StepButtons } from './step-buttons';

/** The spec's calculation delay (spec 1 §9): the cart is checked 300 ms after the quantities stop changing. */
export const RECALCULATION_DELAY_MS = 300;

export const cartItemsOf = (lines: readonly CartLine[]) =>
  lines.map((line) => ({ product_type_id: line.product.id, quantity: line.quantity }));

/**
 * Step 'Carrinho' (spec 1 §2.5, §5): the cart, 'Adicionar item', the rules (at least 1 unit; the last item stays; no
 * item twice), and the stock checked 300 ms after a change (validate-quantity). 'Continuar' advances only once
 * validate-quantity succeeds (spec 1 §4.1); 'Voltar' leaves the checkout.
 */
export function CartStep({
  lines,
  onChange,
  onNext,
  onBack,
}: {
  lines: readonly CartLine[];
  onChange: (lines: CartLine[]) => void;
  onNext: () => void;
  onBack: () => void;
}) {
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const key = JSON.stringify(cartItemsOf(lines));
  const settled = useDebouncedValue(key, RECALCULATION_DELAY_MS);

  // The stock, checked quietly once the quantities settle: a problem shows above the cart before 'Continuar'.
  useEffect(() => {
    let current = true;
    validateQuantity({ items: JSON.parse(settled) }, { quiet: true }).then(
      () => current && setProblem(null),
      (error: unknown) => current && setProblem(firstError(error)),
    );
    return () => {
      current = false;
    };
  }, [settled]);

  const setQuantity = (productId: number, quantity: number) =>
    onChange(lines.map((line) => (line.product.id === productId ? { ...line, quantity } : line)));

  const remove = (productId: number) => {
    if (lines.length <= 1) {
      notify.error(MESSAGES.cartNeedsItem);
      return;
    }
    onChange(lines.filter((line) => line.product.id !== productId));
  };

  const add = (product: ProductType) => {
    if (lines.some((line) => line.product.id === product.id)) {
      notify.error(MESSAGES.cartDuplicateItem);
      return;
    }
    onChange([...lines, { product, quantity: 1 }]);
    setAdding(false);
  };

  const next = async () => {
    setPending(true);
    try {
      await validateQuantity({ items: cartItemsOf(lines) });
      setProblem(null);
      onNext();
    } catch (error) {
      setProblem(firstError(error));
      notify.error(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack spacing={2}>
      {problem && (
        <Alert severity="warning" role="alert">
          {problem}
        </Alert>
      )}
      <CartTable lines={lines} onQuantity={setQuantity} onRemove={remove} />
      <Button startIcon={<AddShoppingCart />} onClick={() => setAdding(true)} sx={{ alignSelf: 'flex-start' }}>
        Adicionar item
      </Button>
      <StepButtons onBack={onBack} onNext={() => void next()} pending={pending} />
      <AddItemDialog open={adding} onAdd={add} onClose={() => setAdding(false)} />
    </Stack>
  );
}
