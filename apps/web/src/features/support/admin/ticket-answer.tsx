import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, TICKET_TEXT_MAX } from '@prata/domain';
import { useState } from 'react';
import { FileButton } from '@/components/file-button';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { type AdminTicket, useAnswerTicket, useAttachToTicket } from './api';

/**
 * A pending ticket's answer box (e-mailed to the customer), a file for the customer, and 'Fechar ticket' (the page's
 * dialog); a closed ticket says when, and the customer's rating.
 */
export function TicketAnswer({ t, onClose }: { t: AdminTicket; onClose: () => void }) {
  const answer = useAnswerTicket();
  const attach = useAttachToTicket();
  const [message, setMessage] = useState('');
  const answering = useIntention({ answer: t.id, message: message.trim() });
  const attaching = useIntention({ attach: t.id });
  return t.status === 'pending' ? (
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
          <Button color="warning" onClick={onClose}>
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
  );
}
