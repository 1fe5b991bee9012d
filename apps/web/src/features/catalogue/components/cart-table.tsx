import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatBRL, type ProductType, formatGrams } from '@prata/domain';
import { MoneyText } from '@/components/money-text';
import { toMinorUnits } from '@/lib/format';
import { brl, grams, PRICE_NOTE } from '../labels';
import { QuantityInput } from './quantity-input';

/** A line of the cart: a product and how many units (spec 1 §3 Cart item). */
export type CartLine = { product: ProductType; quantity: number };

/** centavos of a line at the catalogue's price 'no Pix' (without freight) */
const lineCents = (line: CartLine) => toMinorUnits(line.product.price) * line.quantity;
/** centigrams of the whole cart */
export const cartCentigrams = (lines: readonly CartLine[]) =>
  lines.reduce((sum, line) => sum + toMinorUnits(line.product.grams_per_unit) * line.quantity, 0);

/**
 * The cart (spec 1 §2.5): image, product, price, editable quantity, line total and remove. The subtotal is at the
 * catalogue's prices, without freight; the charge calculation of the last step has the final figures.
 */
export function CartTable({
  lines,
  onQuantity,
  onRemove,
}: {
  lines: readonly CartLine[];
  onQuantity: (productId: number, quantity: number) => void;
  onRemove: (productId: number) => void;
}) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const subtotal = lines.reduce((sum, line) => sum + lineCents(line), 0);
  const quantity = (line: CartLine) => (
    <QuantityInput
      value={line.quantity}
      onChange={(n) => onQuantity(line.product.id, n)}
      label={`quantidade de ${line.product.name}`}
    />
  );
  return (
    <TableContainer>
      <Table size="small" aria-label="Carrinho" sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600, color: 'text.secondary' }}>Produto</TableCell>
            {!narrow && <TableCell sx={{ fontWeight: 600, color: 'text.secondary' }}>Quantidade</TableCell>}
            <TableCell align="right" sx={{ fontWeight: 600, color: 'text.secondary' }}>
              Total
            </TableCell>
            <TableCell sx={{ width: 40 }} aria-label="Ações" />
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => {
            const image = line.product.images[0];
            return (
              <TableRow key={line.product.id}>
                <TableCell>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    {image && (
                      <Box
                        component="img"
                        src={image.path}
                        alt=""
                        width={64}
                        height={48}
                        sx={{
                          width: { xs: 48, sm: 64 },
                          height: { xs: 36, sm: 48 },
                          objectFit: 'contain',
                          bgcolor: '#ECEFF1',
                          borderRadius: 1,
                          flexShrink: 0,
                        }}
                      />
                    )}
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {line.product.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        <MoneyText>{brl(line.product.price)}</MoneyText> cada ·{' '}
                        <MoneyText>{grams(line.product.grams_per_unit)}</MoneyText>
                      </Typography>
                      {/* on phones the quantity sits under the name: four columns do not fit 390 px */}
                      {narrow && <Box sx={{ mt: 0.75 }}>{quantity(line)}</Box>}
                    </Box>
                  </Stack>
                </TableCell>
                {!narrow && <TableCell>{quantity(line)}</TableCell>}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <MoneyText sx={{ fontWeight: 600 }}>{formatBRL(lineCents(line))}</MoneyText>
                </TableCell>
                <TableCell>
                  <IconButton
                    size="small"
                    aria-label={`Remover ${line.product.name}`}
                    onClick={() => onRemove(line.product.id)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell sx={{ borderBottom: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Subtotal ({formatGrams(cartCentigrams(lines))})
              </Typography>
              <Typography variant="caption" color="text.secondary">
                Preços no Pix; {PRICE_NOTE}, calculados no envio
              </Typography>
            </TableCell>
            {!narrow && <TableCell sx={{ borderBottom: 0 }} />}
            <TableCell align="right" sx={{ borderBottom: 0, whiteSpace: 'nowrap' }}>
              <MoneyText sx={{ fontWeight: 700, color: 'text.primary', fontSize: '1rem' }}>
                {formatBRL(subtotal)}
              </MoneyText>
            </TableCell>
            <TableCell sx={{ borderBottom: 0 }} />
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
