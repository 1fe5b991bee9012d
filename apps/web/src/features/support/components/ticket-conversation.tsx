import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, type Ticket } from '@prata/domain';

/** What a conversation shows of a ticket: the customer's or the back office's (AdminTicket has these fields too). */
export type ConversationTicket = Pick<Ticket, 'user' | 'description' | 'created_at' | 'interactions'>;

/**
 * Who reads: the customer (their ticket page) or the support team (the back office's ticket page). The reader's own
 * side is on the right and shaded; the customer sees the team's messages marked in the secondary colour, the team
 * sees a colleague's name followed by "(equipe)".
 */
export type ConversationReader = 'customer' | 'staff';

type Message = { key: string; author: string; staff: boolean; text: string; at: string };

const READERS: Record<ConversationReader, { maxWidth: string; teamAccent: boolean; teamSuffix: boolean }> = {
  customer: { maxWidth: '80%', teamAccent: true, teamSuffix: false },
  staff: { maxWidth: '75%', teamAccent: false, teamSuffix: true },
};

/** The description first, then the interactions in order. */
function conversationMessages(ticket: ConversationTicket): Message[] {
  return [
    { key: 'd', author: ticket.user.name, staff: false, text: ticket.description, at: ticket.created_at },
    ...ticket.interactions.map((i) => ({
      key: String(i.id),
      author: i.user.name,
      staff: i.from_staff,
      text: i.message,
      at: i.created_at,
    })),
  ];
}

/** A ticket's messages as a list (named "Mensagens"), the reader's own on the right. */
export function TicketConversation({ ticket, reader }: { ticket: ConversationTicket; reader: ConversationReader }) {
  const view = READERS[reader];
  return (
    <Stack spacing={1.5} component="ol" aria-label="Mensagens" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {conversationMessages(ticket).map((m) => {
        const own = m.staff === (reader === 'staff');
        const accent = view.teamAccent && m.staff;
        return (
          <Box component="li" key={m.key} sx={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start' }}>
            <Paper
              variant="outlined"
              sx={{
                p: 1.5,
                maxWidth: { xs: '92%', sm: view.maxWidth },
                bgcolor: own ? 'action.hover' : 'background.paper',
                ...(view.teamAccent && { borderColor: m.staff ? 'secondary.light' : 'divider' }),
              }}
            >
              <Typography variant="caption" color="text.secondary" component="p">
                <Box component="span" sx={{ fontWeight: 600, color: accent ? 'secondary.main' : 'text.primary' }}>
                  {view.teamSuffix && m.staff ? `${m.author} (equipe)` : m.author}
                </Box>{' '}
                · {formatDateTimeBR(m.at)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>{m.text}</Typography>
            </Paper>
          </Box>
        );
      })}
    </Stack>
  );
}
