import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import type { Theme } from '@mui/material/styles';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import Typography from '@mui/material/Typography';
import { Navigate, useParams } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { PageHeader } from '@/components/page';
import { PaginatedTable, usePageParam } from '@/components/paginated-table';
import { useRedirectOnIncompleteRegistration } from '@/lib/registration-redirect';
import { useHistoryPage } from '../api/get-history-page';
import { HISTORY_TABS, type HistorySource, type HistoryTab, historyPath, historyTabFromParam } from '../tabs';

export const COMING_SOON = 'Este histórico ficará disponível em breve.';

function ComingSoon() {
  return (
    <Paper
      variant="outlined"
      sx={{ py: 6, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, textAlign: 'center' }}
    >
      <ScheduleOutlined color="action" />
      <Typography color="text.secondary">{COMING_SOON}</Typography>
    </Paper>
  );
}

function HistoryTable({ tab, source }: { tab: HistoryTab; source: HistorySource }) {
  const [page, setPage] = usePageParam();
  const query = useHistoryPage<unknown>(source, page);
  useRedirectOnIncompleteRegistration(query.error);
  return (
    <PaginatedTable
      label={tab.tableLabel}
      columns={tab.columns}
      rowKey={tab.rowKey}
      data={query.data}
      isPending={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      page={page}
      onPageChange={setPage}
    />
  );
}

/** /meu-historico/:tab? (MeuHistorico, spec 2 §2): one tab per kind of history, each a server-paginated table. */
export function HistoryPage() {
  const { tab: param } = useParams();
  const current = historyTabFromParam(param);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!current) return <Navigate to="/meu-historico" replace />;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader title="Meu histórico" description="Tudo o que aconteceu na sua conta." />
      {/* the month's statement (features/statements) lives under this path */}
      <Button component={RouterLink} to="/meu-historico/extrato" variant="outlined" size="small" sx={{ mb: 2 }}>
        Extrato mensal
      </Button>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          // a new list when the screen turns narrow or wide, so the chosen tab is scrolled into view again
          key={narrow ? 'narrow' : 'wide'}
          value={current.value}
          variant="scrollable"
          // Always shown: arrows that appear after the first measurement would hide the chosen tab.
          scrollButtons
          allowScrollButtonsMobile
          aria-label="Tipos de histórico"
        >
          {HISTORY_TABS.map((tab) => (
            <Tab
              key={tab.value}
              value={tab.value}
              label={tab.label}
              component={RouterLink}
              to={historyPath(tab.value)}
              preventScrollReset
              id={`historico-tab-${tab.value}`}
              aria-controls="historico-panel"
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="historico-panel" aria-labelledby={`historico-tab-${current.value}`}>
        {current.source ? <HistoryTable key={current.value} tab={current} source={current.source} /> : <ComingSoon />}
      </Box>
    </Container>
  );
}

export const Component = HistoryPage;
