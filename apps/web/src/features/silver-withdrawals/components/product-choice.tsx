import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Pagination from '@mui/material/Pagination';
import Radio from '@mui/material/Radio';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProductType } from '@prata/domain';
import { useState } from 'react';
import { groupErrorProps } from '@/components/group-error';
import { firstError } from '@/lib/api';
import { grams, OUT_OF_STOCK, ProductImage, useProductTypes } from '@/features/catalogue';

const PRODUCT_ERROR_ID = 'product-choice-error';

/** A bar can leave custody while the product is in stock (its price, which carries the silver, does not matter). */
const inStock = (product: ProductType) => product.availability === 'in_stock' && product.stock > 0;

/** The product types as radio cards, page by page (spec 3 'Retirar prata': choose a product type). */
export function ProductChoice({
  value,
  onChange,
  error,
}: {
  value: ProductType | null;
  onChange: (product: ProductType) => void;
  error?: string | null;
}) {
  const [page, setPage] = useState(1);
  const query = useProductTypes(page);
  const data = query.data;
  const pages = data && data.per_page > 0 ? Math.ceil(data.total / data.per_page) : 1;

  if (query.isError && !data) return <Alert severity="error">{firstError(query.error)}</Alert>;
  if (!data) {
    return (
      <Stack spacing={1.5} aria-busy="true" role="progressbar" aria-label="Carregando produtos">
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={72} />
      </Stack>
    );
  }
  if (data.data.length === 0)
    return <Typography color="text.secondary">Nenhum produto disponível no momento.</Typography>;

  return (
    <FormControl error={Boolean(error)} component="fieldset" sx={{ width: '100%' }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Escolha o formato das barras
      </Typography>
      <Box
        role="radiogroup"
        aria-label="Produtos"
        {...groupErrorProps(PRODUCT_ERROR_ID, error)}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {data.data.map((product) => {
          const available = inStock(product);
          const checked = value?.id === product.id;
          return (
            <Box
              key={product.id}
              component="label"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                p: 1,
                pr: 2,
                border: 1,
                borderRadius: 2,
                borderColor: checked ? 'primary.main' : 'divider',
                cursor: available ? 'pointer' : 'not-allowed',
                opacity: available ? 1 : 0.6,
              }}
            >
              <Radio
                checked={checked}
                disabled={!available}
                onChange={() => onChange(product)}
                slotProps={{ input: { 'aria-label': product.name } }}
              />
              <Box sx={{ width: 72, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
                <ProductImage product={product} />
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{product.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {grams(product.grams_per_unit)} por unidade{available ? '' : ` · ${OUT_OF_STOCK}`}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
      {error && <FormHelperText id={PRODUCT_ERROR_ID}>{error}</FormHelperText>}
      {data.total > data.per_page && (
        <Stack sx={{ alignItems: 'center', mt: 2 }}>
          <Pagination count={pages} page={Math.min(page, pages)} onChange={(_e, next) => setPage(next)} size="small" />
        </Stack>
      )}
    </FormControl>
  );
}
