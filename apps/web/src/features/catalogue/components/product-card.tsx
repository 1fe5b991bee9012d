import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProductType } from '@prata/domain';
import { MoneyText } from '@/components/money-text';
import { RouterLink } from '@/components/router-link';
import { brl, grams, OUT_OF_STOCK, PIX_PRICE_LABEL, PRICE_NOTE } from '../labels';
import { ClampedDescription } from './clamped-description';

/** The intrinsic size given to every product image (4:3), so the cards never move when the images arrive. */
const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 480;

/** Whether a product can be bought now: in stock, and priced (0 when the house has no silver for sale). */
export const isBuyable = (product: ProductType) =>
  product.availability === 'in_stock' && product.stock > 0 && product.price > 0;

/** A product's first image at a fixed 4:3 box; `eager` for the first card (above the fold), lazy for the rest. */
export function ProductImage({ product, eager = false }: { product: ProductType; eager?: boolean }) {
  const image = product.images[0];
  return (
    <Box
      sx={{
        aspectRatio: '4 / 3',
        bgcolor: '#ECEFF1',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {image ? (
        <Box
          component="img"
          src={image.path}
          alt={product.name}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          {...(eager ? { fetchPriority: 'high' } : {})}
          sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Sem imagem
        </Typography>
      )}
    </Box>
  );
}

/**
 * A catalogue card (spec 1 §2.3): the first image, the name, the description (three lines, and "Ler mais" when it has
 * more), the price 'no Pix' and the buy button (checkout when signed in, the e-mail step otherwise). A product out of
 * stock says so and cannot be bought.
 */
export function ProductCard({
  product,
  signedIn,
  eager,
}: {
  product: ProductType;
  signedIn: boolean;
  eager?: boolean;
}) {
  const buyable = isBuyable(product);
  const outOfStock = product.availability !== 'in_stock' || product.stock <= 0;
  const titleId = `product-${product.id}-name`;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', overflow: 'hidden', borderRadius: 2 }}
    >
      <Box sx={{ position: 'relative' }}>
        <ProductImage product={product} eager={eager} />
        {outOfStock && (
          <Chip label={OUT_OF_STOCK} size="small" sx={{ position: 'absolute', top: 12, left: 12, fontWeight: 600 }} />
        )}
      </Box>
      <Stack spacing={1} sx={{ p: 2, flexGrow: 1 }}>
        <Typography id={titleId} variant="h5" component="h3">
          {product.name}
        </Typography>
        <ClampedDescription text={product.description} />
        <Typography variant="body2" color="text.secondary">
          {grams(product.grams_per_unit)} de prata
        </Typography>
        {product.price > 0 ? (
          <Typography component="p" sx={{ fontSize: '1.375rem', fontWeight: 700 }}>
            <MoneyText>{brl(product.price)}</MoneyText>{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              {PIX_PRICE_LABEL}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {PRICE_NOTE}
            </Typography>
          </Typography>
        ) : (
          <Typography color="text.secondary">Preço indisponível no momento</Typography>
        )}
        {buyable ? (
          <Button
            component={RouterLink}
            to={`/comprar-prata/${product.id}/${signedIn ? 'checkout' : 'auth'}`}
            variant="contained"
            size="large"
            aria-label={`Comprar ${product.name}`}
          >
            Comprar
          </Button>
        ) : (
          <Button variant="contained" size="large" disabled>
            {outOfStock ? OUT_OF_STOCK : 'Indisponível'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** The shape of a card while the catalogue loads. */
export function ProductCardSkeleton() {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 2 }} aria-hidden>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
      <Stack spacing={1} sx={{ p: 2 }}>
        <Skeleton width="60%" height={32} />
        <Skeleton />
        <Skeleton width="80%" />
        <Skeleton width="40%" height={36} />
        <Skeleton variant="rounded" height={42} />
      </Stack>
    </Paper>
  );
}
