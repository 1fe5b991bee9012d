import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProductType } from '@prata/domain';
import { useState } from 'react';
import { MoneyText } from '@/components/money-text';
import { firstError } from '@/lib/api';
import { useProductTypes } from '../api/use-product-types';
import { brl, grams, OUT_OF_STOCK } from '../labels';
import { isBuyable } from './product-card';

/**
 * 'Adicionar item' (spec 1 §2.5): the catalogue page by page; choosing a product adds it to the cart (the caller
 * refuses one already there, 'Este item já está no carrinho').
 */
export function AddItemDialog({
  open,
  onAdd,
  onClose,
}: {
  open: boolean;
  onAdd: (product: ProductType) => void;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const query = useProductTypes(page, open);
  const data = query.data;
  const pages = data && data.per_page > 0 ? Math.ceil(data.total / data.per_page) : 1;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="add-item-title" fullWidth maxWidth="sm">
      <DialogTitle id="add-item-title">Adicionar item</DialogTitle>
      <DialogContent dividers>
        {query.isError && !data ? (
          <Alert severity="error">{firstError(query.error)}</Alert>
        ) : !data ? (
          <Stack spacing={1.5} aria-busy="true">
            <Skeleton height={64} />
            <Skeleton height={64} />
            <Skeleton height={64} />
          </Stack>
        ) : data.data.length === 0 ? (
          <Typography color="text.secondary">Nenhum produto disponível no momento.</Typography>
        ) : (
          <List disablePadding aria-label="Produtos" sx={{ opacity: query.isFetching ? 0.6 : 1 }}>
            {data.data.map((product) => {
              const image = product.images[0];
              const buyable = isBuyable(product);
              return (
                <ListItem key={product.id} divider disableGutters sx={{ gap: 1.5 }}>
                  {image && (
                    <Box
                      component="img"
                      src={image.path}
                      alt=""
                      width={64}
                      height={48}
                      loading="lazy"
                      sx={{ objectFit: 'contain', bgcolor: '#ECEFF1', borderRadius: 1, flexShrink: 0 }}
                    />
                  )}
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {product.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {grams(product.grams_per_unit)} · <MoneyText>{brl(product.price)}</MoneyText> no Pix
                    </Typography>
                  </Box>
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={!buyable}
                    onClick={() => onAdd(product)}
                    aria-label={buyable ? `Adicionar ${product.name}` : undefined}
                  >
                    {buyable ? 'Adicionar' : OUT_OF_STOCK}
                  </Button>
                </ListItem>
              );
            })}
          </List>
        )}
        {data && data.total > data.per_page && (
          <Stack sx={{ alignItems: 'center', mt: 2 }}>
            <Pagination
              count={pages}
              page={Math.min(page, pages)}
              onChange={(_event, next) => setPage(next)}
              size="small"
              getItemAriaLabel={(type, item) =>
                type === 'page' ? `Página ${item}` : type === 'next' ? 'Próxima página' : 'Página anterior'
              }
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
