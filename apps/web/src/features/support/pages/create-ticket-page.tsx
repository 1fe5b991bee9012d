import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useSearchParams } from '../../../lib/search-params';
import { useCreateTicket, useTicketCategories } from '../api/tickets';
import { SupportFrame } from '../components/support-frame';
import { TicketForm } from '../components/ticket-form';
import { ticketPath } from './contact-page';

/** Abrir ticket (/contato/ticket/create): the logged-in ticket form; on success, the new ticket's page. */
export function CreateTicketPage() {
  const navigate = useNavigate();
  const lists = useTicketCategories();
  const create = useCreateTicket();
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
          create.mutateAsync({ fields, files }).then(({ message, ticket }) => {
            notify.success(message);
            navigate(ticketPath(ticket.id));
          })
        }
      />
    </SupportFrame>
  );
}

export const Component = CreateTicketPage;
