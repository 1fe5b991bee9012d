import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '@/components/router-link';
import { useAuthToken } from '@/lib/auth-storage';
import { ContactInformation } from '../components/contact-info';
import { SupportFrame } from '../components/support-frame';

const VISITOR_TICKET_PATH = '/contato/ticket/visitante';

/** How to write to the team: a ticket without an account for a visitor; a signed-in customer has theirs at /contato. */
function TicketCard({ signedIn }: { signedIn: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="contact-ticket-title">
      <Typography id="contact-ticket-title" variant="h3" component="h2" sx={{ mb: 1 }}>
        Abrir um ticket
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {signedIn
          ? 'Seus tickets e as respostas da nossa equipe ficam em Meus tickets.'
          : 'Não precisa de conta: confirme o seu e-mail com um código e descreva o que precisa. As respostas chegam no seu e-mail.'}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {signedIn ? (
          <Button component={RouterLink} to="/contato" variant="contained">
            Meus tickets
          </Button>
        ) : (
          <Button component={RouterLink} to={VISITOR_TICKET_PATH} variant="contained">
            Abrir ticket sem conta
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /fale-conosco, public (the footer's "Contato" for a visitor): the contact information of GET
 * /api/contact-information, public too, and the way to a ticket. The spec's /contato, with the customer's tickets,
 * stays for signed-in customers (docs/support.md, "Contact for visitors").
 */
export function VisitorContactPage() {
  const signedIn = useAuthToken() !== null;
  return (
    <SupportFrame
      title="Contato"
      description="Telefones, e-mails, horário de atendimento e endereço da Prata, e como abrir um ticket."
      maxWidth="lg"
    >
      <Stack spacing={3}>
        <ContactInformation />
        <TicketCard signedIn={signedIn} />
      </Stack>
    </SupportFrame>
  );
}
