import { useNavigate } from 'react-router';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useSearchParams } from '@/lib/search-params';
import { useCreateTicket, useTicketCategories } from '../api/tickets';
import { SupportFrame } from '../components/support-frame';
import { TicketForm } from '../components/ticket-form';
import { ticketPath } from './contact-page';

/**
 * Abrir ticket (/contato/ticket/create): the logged-in ticket form; on success, the new ticket's page. Opening it is one
 * intention (lib/intention.ts): a double tap or a retry after a lost answer opens one ticket. (Its key lives until an
 * answer: a retry with other content after a network failure is refused once as a reused key, and the next goes.)
 * The ticket's page replaces the form in the history.
 */
export function CreateTicketPage() {
  const navigate = useNavigate();
  const lists = useTicketCategories();
  const create = useCreateTicket();
  const intention = useIntention('ticket');
  const [params] = useSearchParams();
  return (
    <SupportFrame
      title="Abrir ticket"
      description="Escolha o assunto e descreva o que aconteceu. Respondemos por aqui e pelo seu e-mail."
      back={{ to: '/contato', label: 'Contato' }}
    >
      <TicketForm
        initialSubject={params.get('assunto') ?? ''}
        lists={{
          data: lists.data,
          isPending: lists.isPending,
          error: lists.error,
          refetch: () => void lists.refetch(),
        }}
        onSubmit={(fields, files) =>
          intention
            .run((key) => create.mutateAsync({ fields, files, key }))
            .then((answer) => {
              if (!answer) return;
              notify.success(answer.message);
              // the form's entry is replaced: Back from the new ticket returns to /contato, not to an empty form that
              // would open a second ticket
              navigate(ticketPath(answer.ticket.id), { replace: true });
            })
        }
      />
    </SupportFrame>
  );
}

/** The page as the router loads it (lazyPage in app/router.tsx). @public */
export const Component = CreateTicketPage;
