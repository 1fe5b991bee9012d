import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import StarOutlined from '@mui/icons-material/StarOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatDateTimeBR,
  TICKET_ATTACHMENTS_MAX,
  TICKET_STATUS_LABELS,
  TICKET_TEXT_MAX,
  type Ticket,
} from '@prata/domain';
import { type Ref, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FileButton } from '@/components/file-button';
import { LoadError } from '@/components/paginated-table';
import { StatusChip } from '@/components/status-chip';
import { downloadFromApi } from '@/lib/download';
import { focusIfLost } from '@/lib/focus';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useDeleteAttachment, useSendInteraction, useTicket, useUploadAttachment } from '../api/tickets';
import { FileList } from '../components/file-list';
import { RatingDialog } from '../components/rating-dialog';
import { SupportFrame } from '../components/support-frame';
import { TicketConversation } from '../components/ticket-conversation';
import { asksForRating, canSendMessage, isOpen } from '../rules';

function NewMessage({ ticketId }: { ticketId: number }) {
  const send = useSendInteraction();
  const [message, setMessage] = useState('');
  const intention = useIntention({ ticketId, message: message.trim() });
  const submit = () => {
    if (!canSendMessage(message)) return;
    intention
      .run((key) => send.mutateAsync({ id: ticketId, message: message.trim(), key }))
      .then((answer) => {
        if (!answer) return;
        notify.success(answer.message);
        setMessage('');
      }, notify.error);
  };
  return (
    <Stack spacing={1}>
      <TextField
        label="Nova mensagem"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          endIcon={<SendOutlined />}
          onClick={submit}
          disabled={!canSendMessage(message) || intention.busy}
        >
          Enviar mensagem
        </Button>
      </Box>
    </Stack>
  );
}

function Attachments({ ticket }: { ticket: Ticket }) {
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  const intention = useIntention({ attachTo: ticket.id });
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const open = isOpen(ticket);
  const full = ticket.attachments.length >= TICKET_ATTACHMENTS_MAX;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="section" aria-labelledby="attachments-title">
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography id="attachments-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Anexos
        </Typography>
        {open && (
          <FileButton
            size="small"
            variant="outlined"
            startIcon={<AttachFileOutlined />}
            inputLabel="Novo anexo"
            disabled={intention.busy || full}
            onFiles={(files) => {
              const file = files[0];
              if (!file) return;
              intention
                .run((key) => upload.mutateAsync({ id: ticket.id, file, key }))
                .then((answer) => answer && notify.success(answer.message), notify.error);
            }}
          >
            Anexar arquivo
          </FileButton>
        )}
      </Stack>
      {ticket.attachments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nenhum anexo.
        </Typography>
      ) : (
        <FileList
          label="Anexos do ticket"
          files={ticket.attachments.map((a) => ({
            key: a.id,
            name: a.original_name,
            mime: a.mime_type,
            size: a.size_bytes,
            detail: a.from_staff ? 'enviado pelo atendimento' : formatDateTimeBR(a.created_at),
            onDownload: () => void downloadFromApi(`/ticket/attachment/${a.id}`, a.original_name),
            onRemove: open && !a.from_staff ? () => setDeleting({ id: a.id, name: a.original_name }) : undefined,
          }))}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir anexo"
        confirmLabel="Excluir"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { attachmentId: deleting.id },
            { onSuccess: ({ message }) => notify.success(message), onError: (error) => notify.error(error) },
          );
          setDeleting(null);
        }}
      >
        {deleting ? `Excluir o anexo ${deleting.name}?` : ''}
      </ConfirmDialog>
    </Paper>
  );
}

/**
 * The closed ticket's notice: `refs` reach it and its 'Avaliar' button, where the focus goes after the rating dialog.
 */
function ClosedNotice({
  ticket,
  onRate,
  refs,
}: {
  ticket: Ticket;
  onRate: () => void;
  refs: { notice: Ref<HTMLDivElement>; rate: Ref<HTMLButtonElement> };
}) {
  return (
    <Alert
      ref={refs.notice}
      tabIndex={-1}
      severity="info"
      icon={<LockOutlined />}
      action={
        ticket.rating ? undefined : (
          <Button ref={refs.rate} color="inherit" size="small" startIcon={<StarOutlined />} onClick={onRate}>
            Avaliar
          </Button>
        )
      }
    >
      Ticket fechado{ticket.closed_at ? ` em ${formatDateTimeBR(ticket.closed_at)}` : ''}. Para continuar o atendimento,
      abra um novo ticket.
      {ticket.rating && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
          <Typography variant="body2">Sua avaliação:</Typography>
          <Rating value={ticket.rating.stars} readOnly size="small" />
        </Stack>
      )}
    </Alert>
  );
}

/** Ticket details (/contato/ticket/{id}/details): messages, attachments, the new message and the rating (spec 3 §4). */
export function TicketDetailsPage() {
  const id = Number(useParams().id);
  const ticket = useTicket(id);
  const [rating, setRating] = useState(false);
  // the dialog opens by itself, so no button had the focus before it: on closing, the focus goes to the closed
  // notice's 'Avaliar' (or to the notice itself once rated) instead of falling to the page's top
  const notice = useRef<HTMLDivElement>(null);
  const rate = useRef<HTMLButtonElement>(null);
  const data = ticket.data?.ticket;
  // a closed ticket without a rating asks for one by itself, once per visit
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (data && asksForRating(data) && !asked) {
      setAsked(true);
      setRating(true);
    }
  }, [data, asked]);

  return (
    <SupportFrame title={data ? `Ticket nº ${data.id}` : 'Ticket'} back={{ to: '/contato', label: 'Meus tickets' }}>
      {ticket.isPending ? (
        <Stack spacing={2} aria-busy="true" role="progressbar" aria-label="Carregando">
          <Skeleton variant="rounded" height={80} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      ) : ticket.isError || !data ? (
        <LoadError error={ticket.error} onRetry={() => void ticket.refetch()} />
      ) : (
        <Stack spacing={2.5}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                  {data.subject}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {data.category.name} · {data.subcategory.name} · aberto em {formatDateTimeBR(data.created_at)}
                </Typography>
              </Box>
              <StatusChip status={data.status} labels={TICKET_STATUS_LABELS} />
            </Stack>
          </Paper>
          {!isOpen(data) && <ClosedNotice ticket={data} onRate={() => setRating(true)} refs={{ notice, rate }} />}
          <TicketConversation ticket={data} reader="customer" />
          {isOpen(data) && <NewMessage ticketId={data.id} />}
          <Attachments ticket={data} />
          <RatingDialog
            ticketId={data.id}
            open={rating}
            onClose={() => setRating(false)}
            onExited={(node) => focusIfLost(rate.current ?? notice.current, node)}
          />
        </Stack>
      )}
    </SupportFrame>
  );
}

/** The page as the router loads it (lazyPage in app/router.tsx). @public */
export const Component = TicketDetailsPage;
