import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import type { OutboxMessage } from '../api/get-outbox';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its URLs as links (SMS and text-only e-mails). */
function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the split is stable for one text
          <Link key={index} href={part} target="_top">
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </Typography>
  );
}

/**
 * The e-mail's HTML in a sandboxed iframe (no scripts, no same-origin access). `<base target="_top">` makes its
 * links open in this window, since they point to this same site (verification and reset links); downloads are allowed,
 * as a mail client's are, for the links that answer a file (the copy of one's data).
 */
function withTopTarget(html: string): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + base) : base + html;
}

export function MessageViewer({ message, onClose }: { message: OutboxMessage | null; onClose: () => void }) {
  return (
    <Dialog open={message !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="outbox-message-title">
      <DialogTitle id="outbox-message-title">
        {message?.subject || (message?.channel === 'sms' ? 'SMS' : 'Mensagem')}
      </DialogTitle>
      <DialogContent dividers>
        {message && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Para {message.to} · {formatDateTimeBR(message.created_at)}
            </Typography>
            {message.html ? (
              <Box
                component="iframe"
                title={message.subject ?? 'Mensagem'}
                sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation allow-downloads"
                srcDoc={withTopTarget(message.html)}
                sx={{
                  width: '100%',
                  height: '60vh',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  bgcolor: '#fff',
                }}
              />
            ) : (
              <LinkifiedText text={message.text ?? ''} />
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
