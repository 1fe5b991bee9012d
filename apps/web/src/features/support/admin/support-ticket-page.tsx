import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, TICKET_STATUS_LABELS } from '@prata/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page';
import { LoadError } from '@/components/paginated-table';
import { RouterLink } from '@/components/router-link';
import { StatusChip } from '@/components/status-chip';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { TicketConversation } from '../components/ticket-conversation';
import { useAdminTicket, useCloseTicket } from './api';
import { TicketAnswer } from './ticket-answer';
import { TicketSide } from './ticket-side';

/** One ticket in the back office: the conversation, the answer (e-mailed to the customer), files, and closing. */
export function SupportTicketPage() {
  const id = Number(useParams().id);
  const ticket = useAdminTicket(id);
  const close = useCloseTicket();
  const [closing, setClosing] = useState(false);
  const [lastWords, setLastWords] = useState('');
  const closingIntention = useIntention({ close: id, message: lastWords.trim() });
  const t = ticket.data?.ticket;

  return (
    <>
      <Button
        component={RouterLink}
        to="/admin/atendimento"
        startIcon={<ArrowBackOutlined />}
        color="inherit"
        size="small"
        sx={{ mb: 1.5, ml: -1 }}
      >
        Tickets
      </Button>
      <PageHeader title={t ? `Ticket nº ${t.id}` : 'Ticket'} />
      {ticket.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : ticket.isError || !t ? (
        <LoadError error={ticket.error} onRetry={() => void ticket.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
          <Stack spacing={2}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                    {t.subject}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t.category.name} · {t.subcategory.name} · aberto em {formatDateTimeBR(t.created_at)}
                  </Typography>
                </Box>
                <StatusChip status={t.status} labels={TICKET_STATUS_LABELS} />
              </Stack>
            </Paper>
            <TicketConversation ticket={t} reader="staff" />
            <TicketAnswer t={t} onClose={() => setClosing(true)} />
          </Stack>
          <TicketSide t={t} />
        </Box>
      )}
      <ConfirmDialog
        open={closing}
        title="Fechar ticket"
        confirmLabel="Fechar ticket"
        confirmColor="warning"
        pending={closingIntention.busy}
        onClose={() => setClosing(false)}
        onConfirm={() =>
          closingIntention
            .run((key) => close.mutateAsync({ id, message: lastWords, key }))
            .then((r) => {
              if (!r) return;
              notify.success(r.message);
              setClosing(false);
              setLastWords('');
            }, notify.error)
        }
      >
        <Typography sx={{ mb: 2 }}>
          O cliente não poderá mais enviar mensagens neste ticket e será convidado a avaliar o atendimento.
        </Typography>
        <TextField
          label="Mensagem final (opcional)"
          value={lastWords}
          onChange={(e) => setLastWords(e.target.value)}
          multiline
          minRows={2}
          fullWidth
        />
      </ConfirmDialog>
    </>
  );
}

export const Component = SupportTicketPage;
