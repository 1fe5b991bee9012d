import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { OrderSide } from '@prata/domain';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/page';
import { useSearchParams } from '@/lib/search-params';
import { useOrders } from '../api/get-orders';
import type { BookOrder, OrdersResponse } from '../api/types';
import { useOrderStream } from '../api/use-order-stream';
import { BookTable } from '../components/book-table';
import { CancelOrderDialog, type CancellableOrder } from '../components/cancel-order-dialog';
import { LivePriceAnnouncer } from '../components/live-price-announcer';
import { MyOrders } from '../components/my-orders';
import { OrderForm } from '../components/order-form';
import { RegistrationQueryState } from '@/components/registration-query-state';
import { focusIfLost } from '@/lib/focus';
import { PriceChart } from '../components/price-chart';
import { TakeOrderDialog } from '../components/take-order-dialog';
import { SIDE_TEXT } from '../labels';
import { ratesOf } from '../summary';

/** The tabs (spec 2 §2) and their ?aba= values, so a tab can be linked to and survives a reload. */
const TABS = [
  { value: 'comprar', label: SIDE_TEXT.buy.tab },
  { value: 'vender', label: SIDE_TEXT.sell.tab },
  { value: 'minhas', label: 'Minhas ordens' },
] as const;
type TabValue = (typeof TABS)[number]['value'];
const TAB_SIDE: Partial<Record<TabValue, OrderSide>> = { comprar: 'buy', vender: 'sell' };

function useTab(): [TabValue, (next: TabValue) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('aba');
  const tab = TABS.find((t) => t.value === raw)?.value ?? 'comprar';
  return [tab, (next) => setParams(next === 'comprar' ? {} : { aba: next }, { replace: true })];
}

function OrdersSkeleton() {
  return (
    <Stack spacing={3} aria-busy="true" role="progressbar" aria-label="Carregando">
      <Skeleton variant="rounded" height={48} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Skeleton variant="rounded" height={360} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Skeleton variant="rounded" height={360} />
        </Grid>
      </Grid>
    </Stack>
  );
}

/** A buy or sell tab: the form beside the side of the book it can take. */
function SidePanel({
  side,
  data,
  onTake,
  onCancel,
}: {
  side: OrderSide;
  data: OrdersResponse;
  onTake: (row: BookOrder) => void;
  onCancel: (order: CancellableOrder) => void;
}) {
  const text = SIDE_TEXT[side];
  const rates = useMemo(() => ratesOf(data), [data]);
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            {text.formTitle}
          </Typography>
          <OrderForm key={side} side={side} data={data} rates={rates} />
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }} component="section" aria-label={text.bookTitle}>
        {/* the book's heading and its order are read with its figures: the chat button keeps clear of them */}
        <Stack
          direction="row"
          data-keep-clear=""
          sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5, gap: 1 }}
        >
          <Typography variant="h5" component="h2">
            {text.bookTitle}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {side === 'buy' ? 'Da mais barata para a mais cara' : 'Da que paga mais para a que paga menos'}
          </Typography>
        </Stack>
        <BookTable
          side={side}
          rows={side === 'buy' ? data.ordersToBuy : data.ordersToSell}
          onTake={onTake}
          onCancel={onCancel}
        />
      </Grid>
    </Grid>
  );
}

function OrdersScreen({ data }: { data: OrdersResponse }) {
  const [tab, setTab] = useTab();
  const [taking, setTaking] = useState<{ side: OrderSide; row: BookOrder } | null>(null);
  const [cancelling, setCancelling] = useState<CancellableOrder | null>(null);
  const rates = useMemo(() => ratesOf(data), [data]);
  const side = TAB_SIDE[tab];

  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: TabValue) => setTab(next)}
          variant="fullWidth"
          aria-label="Ordens"
          sx={{ maxWidth: 560 }}
        >
          {TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={
                t.value === 'minhas' && data.myPendingOrders.length > 0 ? (
                  <span>
                    {t.label}
                    {/* the count of pending orders, where it fits on one line */}
                    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                      {` (${data.myPendingOrders.length})`}
                    </Box>
                  </span>
                ) : (
                  t.label
                )
              }
              id={`ordens-tab-${t.value}`}
              aria-controls="ordens-panel"
              sx={{ px: { xs: 0.75, sm: 2 }, minWidth: 0, fontSize: { xs: '0.875rem', sm: undefined } }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="ordens-panel" aria-labelledby={`ordens-tab-${tab}`}>
        {side ? (
          <SidePanel side={side} data={data} onTake={(row) => setTaking({ side, row })} onCancel={setCancelling} />
        ) : (
          <MyOrders pending={data.myPendingOrders} completed={data.myCompletedOrders} onCancel={setCancelling} />
        )}
      </Box>
      <TakeOrderDialog
        side={taking?.side ?? 'buy'}
        row={taking?.row ?? null}
        rates={rates}
        data={data}
        onClose={() => setTaking(null)}
      />
      <CancelOrderDialog
        order={cancelling}
        onClose={() => setCancelling(null)}
        onExited={(node) => focusIfLost(document.getElementById(`ordens-tab-${tab}`), node)}
      />
    </>
  );
}

/**
 * /ordens (spec 2 §2, the Orders screen): the price of the last trades, then "Quero comprar", "Quero vender" and
 * "Minhas ordens". The book's stream keeps everything current while the screen is open.
 */
export function OrdersPage() {
  const orders = useOrders();
  useOrderStream();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader
        title="Ordens"
        description="Compre e venda prata com outros clientes: ao preço que você escolher ou ao preço do mercado."
      />
      <LivePriceAnnouncer />
      {/* a gap, not margins: on phones the chart goes below the tabs (the form first), and margins follow the DOM */}
      <Stack spacing={3} useFlexGap>
        <Box sx={{ order: { xs: 2, md: 1 } }}>
          <PriceChart />
        </Box>
        <Box sx={{ order: { xs: 1, md: 2 } }}>
          <RegistrationQueryState query={orders} skeleton={<OrdersSkeleton />}>
            {(data) => <OrdersScreen data={data} />}
          </RegistrationQueryState>
        </Box>
      </Stack>
    </Container>
  );
}

/** The page as the router loads it (lazyPage in app/router.tsx). @public */
export const Component = OrdersPage;
