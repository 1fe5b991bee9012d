import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, TICKET_STATUS_LABELS, TICKET_TEXT_MAX } from '@prata/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FileButton } from '../../../components/file-button';
import { PageHeader } from '../../../components/page';
import { LoadError } from '../../../components/paginated-table';
import { RouterLink } from '../../../components/router-link';
import { StatusChip } from '../../../components/status-chip';
import { downloadFromApi } from '../../../lib/download';
import { formatFileSize } from '../../../lib/files';
import { useIntention } from '../../../lib/intention';
import { notify } from '../../../lib/notify';
import { TicketConversation } from '../components/ticket-conversation';
import { useAdminTicket, useAnswerTicket, useAttachToTicket, useCloseTicket } from './api';

/** One ticket in the back office: the conversation, the answer (e-mailed to the customer), files, and closing. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: conversation, answer and actions, mostly JSX
export function SupportTicketPage() {
  const id = Number(useParams().id);
  const ticket = useAdminTicket(id);
  const answer = useAnswerTicket();
  const attach = useAttachToTicket();
  const close = useCloseTicket();
  const [message, setMessage] = useState('');
  const [closing, setClosing] = useState(false);
  const [lastWords, setLastWords] = useState('');
  const answering = useIntention({ answer: id, message: message.trim() });
  const attaching = useIntention({ attach: id });
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
            {t.status === 'pending' ? (
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Stack spacing={1.5}>
                  <TextField
                    label="Resposta ao cliente"
                    value={message}
                    onChange={(e) => setMessage(e.target.value)}
                    multiline
                    minRows={4}
                    fullWidth
                    helperText="O cliente recebe a resposta por e-mail."
                    slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX } }}
                  />
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <FileButton
                      variant="outlined"
                      startIcon={<AttachFileOutlined />}
                      inputLabel="Anexo do atendimento"
                      disabled={attaching.busy}
                      onFiles={(files) => {
                        const file = files[0];
                        if (file)
                          attaching
                            .run((key) => attach.mutateAsync({ id: t.id, file, key }))
                            .then((r) => r && notify.success(r.message), notify.error);
                      }}
                    >
                      Anexar arquivo
                    </FileButton>
                    <Button color="warning" onClick={() => setClosing(true)}>
                      Fechar ticket
                    </Button>
                    <Button
                      variant="contained"
                      disabled={!message.trim() || answering.busy}
                      onClick={() =>
                        answering
                          .run((key) => answer.mutateAsync({ id: t.id, message: message.trim(), key }))
                          .then((r) => {
                            if (!r) return;
                            notify.success(r.message);
                            setMessage('');
                          }, notify.error)
                      }
                    >
                      Responder
                    </Button>
                  </Stack>
                </Stack>
              </Paper>
            ) : (
              <Alert severity="info">
                Fechado em {t.closed_at ? formatDateTimeBR(t.closed_at) : '—'}.
                {t.rating ? (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                    <Rating value={t.rating.stars} readOnly size="small" />
                    {t.rating.description && <Typography variant="body2">“{t.rating.description}”</Typography>}
                  </Stack>
                ) : (
                  ' O cliente ainda não avaliou.'
                )}
              </Alert>
            )}
          </Stack>
          <Stack spacing={2}>
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Cliente">
              <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
                Cliente
              </Typography>
              {t.customer.id ? (
                <Link component={RouterLink} to={`/admin/clientes/${t.customer.id}`} sx={{ fontWeight: 600 }}>
                  {t.customer.name}
                </Link>
              ) : (
                <Chip size="small" variant="outlined" label="Visitante sem conta" />
              )}
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t.customer.email}
              </Typography>
              {t.visitor && (
                <Typography variant="caption" color="text.secondary">
                  Aberto pelo formulário de visitante (e-mail confirmado com código).
                </Typography>
              )}
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Anexos">
              <Typography variant="subtitle2" component="h2">
                Anexos
              </Typography>
              {t.attachments.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  Nenhum anexo.
                </Typography>
              ) : (
                <List dense disablePadding>
                  {t.attachments.map((a) => (
                    <ListItem
                      key={a.id}
                      disableGutters
                      secondaryAction={
                        <Button
                          size="small"
                          startIcon={<FileDownloadOutlined />}
                          onClick={() => void downloadFromApi(`/admin/ticket-attachments/${a.id}`, a.original_name)}
                          aria-label={`Baixar ${a.original_name}`}
                        >
                          Baixar
                        </Button>
                      }
                      sx={{ pr: 12 }}
                    >
                      <ListItemText
                        primary={a.original_name}
                        secondary={`${formatFileSize(a.size_bytes)} · ${a.from_staff ? 'equipe' : 'cliente'}`}
                        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </Paper>
          </Stack>
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
