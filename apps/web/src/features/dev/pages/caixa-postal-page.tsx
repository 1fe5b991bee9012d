import EmailOutlined from '@mui/icons-material/EmailOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import { useState } from 'react';
import { useSearchParams } from '@/lib/search-params';
import { PageHeader } from '@/components/page';
import { firstError, hasErrorCode } from '@/lib/api';
import { type OutboxMessage, useOutbox } from '../api/get-outbox';
import { DevPaymentsSection } from '../components/dev-payments-section';
import { MessageViewer } from '../components/message-viewer';

/** /dev/caixa-postal: what Prata would have sent by e-mail and SMS (development tool, not in the spec). */
export function CaixaPostalPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const to = searchParams.get('to') ?? '';
  const [draft, setDraft] = useState(to);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const outbox = useOutbox(to);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <PageHeader title="Caixa postal" />
      <Alert severity="info" sx={{ mb: 3 }}>
        Ferramenta de desenvolvimento (PRATA_DEV_MAILBOX=1): as mensagens que o Prata enviou por e-mail e SMS ficam
        aqui, nesta máquina, e nenhuma sai para a internet.
      </Alert>
      <DevPaymentsSection />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Mensagens
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 3 }}
        onSubmit={(event) => {
          event.preventDefault();
          const value = draft.trim();
          setSearchParams(value ? { to: value } : {});
        }}
      >
        <TextField
          label="E-mail ou celular"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          size="small"
          autoComplete="off"
        />
        <Button type="submit" variant="contained">
          Buscar
        </Button>
        <Button
          startIcon={<RefreshOutlined />}
          // never disabled: a refetch while one runs is harmless, and its colour flipping on every poll was read
          // by axe mid-change as low contrast (price-alerts journey)
          onClick={() => void outbox.refetch()}
          sx={{ flexShrink: 0 }}
        >
          Atualizar
        </Button>
      </Stack>
      <Paper variant="outlined">
        {outbox.isPending ? (
          <Stack spacing={1} sx={{ p: 2 }}>
            <Skeleton height={48} />
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        ) : outbox.isError ? (
          <Alert severity={hasErrorCode(outbox.error, 'ROUTE_NOT_FOUND') ? 'warning' : 'error'} sx={{ m: 2 }}>
            {hasErrorCode(outbox.error, 'ROUTE_NOT_FOUND')
              ? 'A caixa postal local está desligada. Ela só existe em desenvolvimento, quando o Prata é iniciado com npm start ou PRATA_DEV_MAILBOX=1; em produção os e-mails e SMS saem pelos transportes reais.'
              : firstError(outbox.error)}
          </Alert>
        ) : outbox.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {to ? `Nenhuma mensagem para ${to}.` : 'Nenhuma mensagem enviada ainda.'}
          </Typography>
        ) : (
          <List disablePadding aria-label="Mensagens">
            {outbox.data.map((message) => (
              // each button in a list item of its own: a list holds only items (axe's `list`)
              <ListItem key={message.id} disablePadding divider>
                <ListItemButton onClick={() => setOpen(message)}>
                  <ListItemIcon>{message.channel === 'sms' ? <SmsOutlined /> : <EmailOutlined />}</ListItemIcon>
                  <ListItemText
                    primary={message.subject || message.text?.slice(0, 80) || '(sem assunto)'}
                    secondary={`${message.channel === 'sms' ? 'SMS' : 'E-mail'} para ${message.to} · ${formatDateTimeBR(message.created_at)}`}
                    slotProps={{ primary: { noWrap: true } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      <MessageViewer message={open} onClose={() => setOpen(null)} />
    </Container>
  );
}

export const Component = CaixaPostalPage;
