import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageHeader } from '@/components/page';
import { firstError, hasErrorCode } from '@/lib/api';
import { useAdminMarket } from './api';
import { BookLevelsSection } from './book-levels';
import { FundingDialog } from './funding-dialog';
import { HouseOrderForm } from './house-order-form';
import { HouseOrders } from './house-orders';
import { PositionSection } from './position-section';
import { RatesForm } from './rates-form';

function MarketSkeleton() {
  return (
    <Stack spacing={2} role="progressbar" aria-busy aria-label="Carregando o mercado">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
        {['a', 'b', 'c', 'd'].map((k) => (
          <Skeleton key={k} variant="rounded" height={84} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={320} />
    </Stack>
  );
}

/**
 * Mercado: the house's position and orders, the market's rates, the book's levels. For finance and administration
 * (the server answers FORBIDDEN to other roles, shown as a warning).
 */
export function MarketPage() {
  const market = useAdminMarket();
  const [funding, setFunding] = useState(false);
  const header = (
    <PageHeader
      title="Mercado"
      description="O livro de ordens, as taxas e a casa: o Prata como contraparte, com a prata do cofre e o capital da empresa."
    />
  );

  if (market.isPending) {
    return (
      <>
        {header}
        <MarketSkeleton />
      </>
    );
  }
  if (market.isError && !market.data) {
    const forbidden = hasErrorCode(market.error, 'FORBIDDEN');
    return (
      <>
        {header}
        <Alert
          severity={forbidden ? 'warning' : 'error'}
          action={
            forbidden ? undefined : (
              <Button color="inherit" size="small" onClick={() => void market.refetch()}>
                Tentar de novo
              </Button>
            )
          }
        >
          {firstError(market.error)}
        </Alert>
      </>
    );
  }

  const data = market.data;
  return (
    <>
      {header}
      <Stack spacing={3}>
        {market.isError && (
          <Alert severity="warning">
            Não foi possível atualizar o mercado agora; os números abaixo são da última leitura.{' '}
            {firstError(market.error)}
          </Alert>
        )}
        <PositionSection market={data} onFund={() => setFunding(true)} />
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
          }}
        >
          <BookLevelsSection market={data} />
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <HouseOrderForm market={data} />
            <RatesForm market={data} />
          </Stack>
        </Box>
        <Box component="section" aria-labelledby="ordens-da-casa-title">
          <Typography variant="h5" component="h2" id="ordens-da-casa-title" sx={{ mb: 1.5 }}>
            Ordens da casa
          </Typography>
          <HouseOrders
            orders={data.house_orders}
            isPending={false}
            error={null}
            onRetry={() => void market.refetch()}
          />
        </Box>
      </Stack>
      <FundingDialog open={funding} onClose={() => setFunding(false)} />
    </>
  );
}

export const Component = MarketPage;
