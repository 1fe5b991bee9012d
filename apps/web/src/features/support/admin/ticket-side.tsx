import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '@/components/router-link';
import { downloadFromApi } from '@/lib/download';
import { formatFileSize } from '@/lib/files';
import type { AdminTicket } from './api';

/** Beside the conversation: who wrote (a customer's page, or a visitor's e-mail) and the ticket's files. */
export function TicketSide({ t }: { t: AdminTicket }) {
  return (
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
  );
}
