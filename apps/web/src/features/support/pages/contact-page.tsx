import AddOutlined from '@mui/icons-material/AddOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, TICKET_STATUS_LABELS, type TicketListItem } from '@prata/domain';
import { type Column, PaginatedTable, usePageParam } from '@/components/paginated-table';
import { RouterLink } from '@/components/router-link';
import { StatusChip } from '@/components/status-chip';
import { useTickets } from '../api/tickets';
import { ContactInformation } from '../components/contact-info';
import { SupportFrame } from '../components/support-frame';

const CREATE_TICKET_PATH = '/contato/ticket/create';
export const ticketPath = (id: number) => `/contato/ticket/${id}/details`;

const COLUMNS: ReadonlyArray<Column<TicketListItem>> = [
  { key: 'id', header: 'Nº', render: (t) => t.id, nowrap: true, width: 56 },
  {
    key: 'subject',
    header: 'Assunto',
    minWidth: 180,
    render: (t) => (
      <Box>
        <Link component={RouterLink} to={ticketPath(t.id)} underline="hover" sx={{ fontWeight: 600 }}>
          {t.subject}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {t.category.name} · {t.subcategory.name}
        </Typography>
      </Box>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    nowrap: true,
    render: (t) => (
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <StatusChip status={t.status} labels={TICKET_STATUS_LABELS} />
        {t.answered && <Chip label="Respondido" size="small" color="info" />}
      </Stack>
    ),
  },
  { key: 'updated', header: 'Atualizado em', nowrap: true, render: (t) => formatDateTimeBR(t.updated_at) },
];

/** Entrar em contato (/contato): the customer's tickets, paged by the server, a button to open one, and the company's contact information. */
export function ContactPage() {
  const [page, setPage] = usePageParam();
  const tickets = useTickets(page);
  return (
    <SupportFrame
      title="Entrar em contato"
      description="Abra um ticket e acompanhe as respostas da nossa equipe."
      maxWidth="lg"
    >
      <Stack spacing={3}>
        <Box component="section" aria-labelledby="tickets-title">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}
          >
            <Typography id="tickets-title" variant="h3" component="h2">
              Meus tickets
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button component={RouterLink} to="/faqs" startIcon={<HelpOutlineOutlined />}>
                Perguntas frequentes
              </Button>
              <Button component={RouterLink} to={CREATE_TICKET_PATH} variant="contained" startIcon={<AddOutlined />}>
                Abrir ticket
              </Button>
            </Stack>
          </Stack>
          <PaginatedTable
            label="Meus tickets"
            columns={COLUMNS}
            data={tickets.data?.tickets}
            isPending={tickets.isPending}
            error={tickets.error}
            onRetry={() => void tickets.refetch()}
            page={page}
            onPageChange={setPage}
            rowKey={(t) => t.id}
            emptyText="Você ainda não abriu nenhum ticket."
            skeletonRows={3}
          />
        </Box>
        <ContactInformation />
      </Stack>
    </SupportFrame>
  );
}

/** The page as the router loads it (lazyPage in app/router.tsx). @public */
export const Component = ContactPage;
