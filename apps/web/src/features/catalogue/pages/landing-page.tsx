import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import CandlestickChartOutlined from '@mui/icons-material/CandlestickChartOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useDeferredValue } from 'react';
import { useDocumentTitle } from '@/components/page';
import { firstError } from '@/lib/api';
import { bootedOnUse } from '@/lib/first-paint';
import { useAuthToken } from '@/lib/auth-storage';
import { useSearchParams } from '@/lib/search-params';
import { useCataloguePage } from '../api/use-catalogue-page';
import { ProductCard, ProductCardSkeleton } from '../components/product-card';

// Only a signed-in customer sees the summary: it brings react-query's user and price, which a visitor never loads.
const CustomerSummary = lazy(() => import('../components/customer-summary'));

export const EMPTY_CATALOGUE = 'Nenhuma barra disponível no momento. Volte em breve.';

/** What the product does (spec 1 §1), under the catalogue. */
const PROMISES = [
  {
    icon: PixOutlined,
    title: 'Prata física pelo Pix',
    text: 'Compre barras de prata física e pague com Pix, mesmo sem ter uma conta.',
  },
  {
    icon: CandlestickChartOutlined,
    title: 'Compre e venda por grama',
    text: 'Com uma conta, negocie prata em gramas com ordens limitadas ou a mercado.',
  },
  {
    icon: AccountBalanceOutlined,
    title: 'Custódia integrada',
    text: 'Mantenha um saldo em reais e um saldo em prata guardados com segurança.',
  },
  {
    icon: LocalShippingOutlined,
    title: 'Retire ou transfira',
    text: 'Receba sua prata em casa ou transfira gramas para outra pessoa.',
  },
] as const;

/** The catalogue's page in the URL (?page=, from 1). */
function usePage(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        if (next <= 1) current.delete('page');
        else current.set('page', String(next));
        return current;
      }),
    [setParams],
  );
  return [page, setPage];
}

/** A page of the catalogue's address: the server's painted page follows it on a click, without the app. */
const pageHref = (page: number | null) =>
  page === null ? undefined : page <= 1 ? '/comprar-prata' : `/comprar-prata?page=${page}`;

/**
 * Up to two cards a row from sm, three from md, each at least 10rem wide: with text enlarged to 200 % a card keeps
 * room for its price (which never breaks) and the row holds fewer cards (WCAG 1.4.4).
 */
const cardColumns = (most: number, gapPx: number) =>
  `repeat(auto-fill, minmax(max(min(100%, 10rem), (100% - ${(most - 1) * gapPx}px) / ${most}), 1fr))`;
const GRID_SX = {
  display: 'grid',
  gap: { xs: 2, md: 3 },
  gridTemplateColumns: { xs: '1fr', sm: cardColumns(2, 16), md: cardColumns(3, 24) },
} as const;

function Catalogue({ signedIn }: { signedIn: boolean }) {
  const [page, setPage] = usePage();
  const catalogue = useCataloguePage(page);
  const data = catalogue.data;
  const pages = data && data.per_page > 0 ? Math.ceil(data.total / data.per_page) : 1;

  if (catalogue.error && !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={catalogue.retry}>
            Tentar de novo
          </Button>
        }
      >
        {firstError(catalogue.error)}
      </Alert>
    );
  }
  if (!data) {
    return (
      <Box sx={GRID_SX} aria-busy="true" role="progressbar" aria-label="Carregando produtos">
        <ProductCardSkeleton />
        <ProductCardSkeleton />
        <ProductCardSkeleton />
      </Box>
    );
  }
  if (data.data.length === 0) {
    return (
      <Paper variant="outlined" sx={{ py: 6, px: 2, textAlign: 'center' }}>
        <Inventory2Outlined color="action" sx={{ mb: 1 }} />
        <Typography color="text.secondary">{EMPTY_CATALOGUE}</Typography>
      </Paper>
    );
  }
  return (
    <>
      <Box sx={{ ...GRID_SX, opacity: catalogue.isFetching ? 0.6 : 1 }} aria-busy={catalogue.isFetching || undefined}>
        {data.data.map((product, index) => (
          <ProductCard key={product.id} product={product} signedIn={signedIn} eager={index === 0} />
        ))}
      </Box>
      {data.total > data.per_page && (
        <Stack sx={{ alignItems: 'center', mt: 3 }}>
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_event, next) => {
              setPage(next);
              document.getElementById('catalogue-title')?.scrollIntoView?.({ block: 'start' });
            }}
            color="primary"
            shape="rounded"
            getItemAriaLabel={(type, item) =>
              type === 'page' ? `Página ${item}` : type === 'next' ? 'Próxima página' : 'Página anterior'
            }
            // the loader of the server's painted page (apps/server/src/plugins/first-paint.ts) follows it
            renderItem={(item) => <PaginationItem {...item} data-prata-href={pageHref(item.page)} />}
          />
        </Stack>
      )}
    </>
  );
}

/** What the product does, under the catalogue (on a phone, well below the first screen). */
function Promises() {
  return (
    <Box
      component="section"
      aria-labelledby="promises-title"
      sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}
    >
      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <Typography id="promises-title" variant="h2" sx={{ mb: 3 }}>
          Como funciona
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          {PROMISES.map(({ icon: Icon, title, text }) => (
            <Paper key={title} variant="outlined" sx={{ p: 2.5 }}>
              <Icon color="secondary" sx={{ mb: 1.5 }} />
              <Typography variant="h5" component="h3" gutterBottom>
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            </Paper>
          ))}
        </Box>
      </Container>
    </Box>
  );
}

/**
 * /comprar-prata (spec 1 §2.3): for a visitor, a short hero, the catalogue's cards page by page and what the platform
 * does; for a signed-in customer, their home: their summary (the registration's review, what the grams are worth,
 * the main actions) as the page's heading, then the catalogue. Every visitor's first page:
 * no react-query, no form library; the summary loads on its own for a session only.
 */
export function LandingPage() {
  useDocumentTitle('Comprar prata');
  const signedIn = useAuthToken() !== null;
  // "Como funciona" in a render of its own, right after the first one: React's first commit (the whole page's
  // elements and styles, in one task that blocks the page) is that much shorter. Not when a visitor's use of the
  // painted page booted the app: the page they scrolled is replaced whole, so that it keeps its height and place.
  const showPromises = useDeferredValue(true, bootedOnUse());
  return (
    <>
      {/* a customer's home is theirs (the summary is its heading); the marketing hero and 'Como funciona' are a visitor's */}
      {!signedIn && (
        <Box
          component="section"
          sx={{
            background: 'linear-gradient(160deg, #263238 0%, #37474F 55%, #546E7A 100%)',
            color: 'common.white',
            py: { xs: 3.5, md: 5 },
          }}
        >
          <Container>
            <Stack spacing={1.5} sx={{ maxWidth: 720 }}>
              <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.5rem' } }}>
                Prata física, entregue na sua casa
              </Typography>
              <Typography sx={{ fontSize: { xs: '1rem', md: '1.125rem' }, color: 'rgba(255,255,255,0.85)' }}>
                Barras de prata pura com preço do mercado, pagas no Pix e enviadas com seguro para todo o Brasil.
              </Typography>
            </Stack>
          </Container>
        </Box>
      )}
      <Container sx={{ py: { xs: 3, md: 5 } }}>
        <Stack spacing={{ xs: 3, md: 4 }}>
          {signedIn && (
            <Suspense
              fallback={
                <Skeleton variant="rounded" height={188} role="progressbar" aria-label="Carregando seus saldos" />
              }
            >
              <CustomerSummary />
            </Suspense>
          )}
          <Box component="section" aria-labelledby="catalogue-title">
            <Typography id="catalogue-title" variant="h2" sx={{ mb: 2, scrollMarginTop: 80 }}>
              Barras de prata
            </Typography>
            <Catalogue signedIn={signedIn} />
          </Box>
        </Stack>
      </Container>
      {showPromises && !signedIn && <Promises />}
    </>
  );
}

export const Component = LandingPage;
