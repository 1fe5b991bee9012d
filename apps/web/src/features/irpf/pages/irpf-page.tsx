import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, type Order } from '@prata/domain';
import { type ReactNode, useMemo, useState } from 'react';
import { reaisText, gramsText } from '@/components/money-text';
import { CenteredSpinner, PageHeader } from '@/components/page';
import { type Column, LoadError, PaginatedTable } from '@/components/paginated-table';
import { ORDER_TYPE_LABELS, orderChargeColumns, orderQuantityColumn } from '@/features/orders';
import { useUser } from '@/lib/auth';
import { downloadWorkbook, useCompletedOrders, usePosition } from '../api/irpf';
import { GUIDE, yearChoices } from '../guide';
import { ForIndividualsNotice } from './for-individuals-notice';

const COLUMNS: ReadonlyArray<Column<Order>> = [
  { key: 'date', header: 'Data', nowrap: true, width: 150, render: (row) => formatDateTimeBR(row.updated_at) },
  { key: 'type', header: 'Tipo', render: (row) => ORDER_TYPE_LABELS[row.type] ?? row.type },
  orderQuantityColumn<Order>(),
  {
    key: 'price',
    header: 'Preço por grama',
    align: 'right',
    nowrap: true,
    render: (row) => reaisText(row.price_per_gram),
  },
  ...orderChargeColumns<Order>(),
];

function GuideSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="h4" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{children}</Typography>
    </Box>
  );
}

function Figure({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant={strong ? 'h4' : 'h5'} component="p" sx={{ fontWeight: strong ? 700 : 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The position on 31 December of the year: what "Bens e Direitos" needs. */
function PositionCard({ year, current }: { year: number; current: boolean }) {
  const position = usePosition(year);
  if (position.error) return <LoadError error={position.error} onRetry={() => void position.refetch()} />;
  const p = position.data;
  const value = (render: () => ReactNode) => (p ? render() : <Skeleton width={120} />);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-busy={position.isPending || undefined}>
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        {current ? `Sua posição em ${year}, até hoje` : `Sua posição em 31/12/${year}`}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        <Figure label="Prata em custódia" value={value(() => gramsText(p!.grams))} />
        <Figure label="Custo médio por grama" value={value(() => reaisText(p!.average_cost_per_gram))} />
        <Figure label="Valor a declarar (custo)" value={value(() => reaisText(p!.cost_amount))} strong />
        <Figure label={`Comprado em ${year}`} value={value(() => reaisText(p!.bought_amount))} />
        <Figure label={`Vendido em ${year}`} value={value(() => reaisText(p!.sold_amount))} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        O custo médio é a média ponderada das suas compras, com a taxa operacional e o IOF; cada venda retira gramas por
        esse custo.
      </Typography>
    </Paper>
  );
}

/** The guide, the year selector, the position, the year's orders, the workbook. */
function IrpfGuide() {
  const { years, initial } = useMemo(() => yearChoices(), []);
  const currentYear = years[0];
  const [year, setYear] = useState(initial);
  const [page, setPage] = useState(1);
  const orders = useCompletedOrders(year, page);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader title="Imposto de renda" description={GUIDE.intro} />
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <GuideSection title={GUIDE.holdingsTitle}>{GUIDE.holdings}</GuideSection>
            <GuideSection title={GUIDE.gainsTitle}>{GUIDE.gains}</GuideSection>
            <GuideSection title={GUIDE.workbookTitle}>{GUIDE.workbook}</GuideSection>
            <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
              {GUIDE.disclaimer}
            </Typography>
          </Stack>
        </Paper>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label="Ano-calendário"
            value={year}
            onChange={(event) => {
              setYear(Number(event.target.value));
              setPage(1);
            }}
            sx={{ width: { xs: '100%', sm: 220 } }}
          >
            {years.map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void downloadWorkbook(year)}
            sx={{ alignSelf: { xs: 'stretch', sm: 'center' }, whiteSpace: 'nowrap' }}
          >
            Baixar planilha de {year} (Excel)
          </Button>
        </Stack>

        <PositionCard year={year} current={year === currentYear} />

        <section aria-labelledby="ordens-do-ano">
          <Typography id="ordens-do-ano" variant="h3" component="h2" sx={{ mb: 1.5 }}>
            Ordens realizadas em {year}
          </Typography>
          <PaginatedTable
            label={`Ordens realizadas em ${year}`}
            columns={COLUMNS}
            rowKey={(row) => row.id}
            data={orders.data}
            isPending={orders.isPending}
            error={orders.error}
            onRetry={() => void orders.refetch()}
            page={page}
            onPageChange={setPage}
            emptyText={`Nenhuma ordem realizada em ${year}.`}
          />
        </section>
      </Stack>
    </Container>
  );
}

/**
 * /irpf (spec 3 §2 Imposto de renda): the individuals' guide, once the account is known to be a person's. A company
 * gets a notice instead (docs/fiscal.md, "Companies"); the drawer does not offer it the link.
 */
export function IrpfPage() {
  const { user, isLoggedIn } = useUser();
  if (isLoggedIn && !user) return <CenteredSpinner />;
  if (user?.account_type === 'company') return <ForIndividualsNotice />;
  return <IrpfGuide />;
}

export const Component = IrpfPage;
