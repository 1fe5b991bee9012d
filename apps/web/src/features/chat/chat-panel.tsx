import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MESSAGES, type UserResponse } from '@prata/domain';
import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ChatComposer, ChatHeader } from './chat-parts';
import { apiFetch } from '@/lib/api';
import { MESSAGES_MAX_HEIGHT_PX } from './constants';
import { Bubble, TypingIndicator } from './messages';
import { type ChatBubble, type ChatIdentity, useChat } from './use-chat';
import { VisitorForm } from './visitor-form';

const TICKET_ROUTES = { signedIn: '/contato/ticket/create', visitor: '/contato/ticket/visitante' } as const;

/** The ticket screen a person goes to from the chat, with the subject and (for a visitor) the e-mail filled in. */
function ticketUrl(signedIn: boolean, subject: string | null, email: string | null): string {
  const params = new URLSearchParams();
  if (subject) params.set('assunto', subject.slice(0, 120));
  if (!signedIn && email) params.set('email', email);
  const query = params.toString();
  return `${signedIn ? TICKET_ROUTES.signedIn : TICKET_ROUTES.visitor}${query ? `?${query}` : ''}`;
}

/** The panel's place: a card over the page's bottom right corner (the whole width on a phone). */
const PANEL_SX = {
  flexDirection: 'column',
  position: 'fixed',
  right: { xs: 8, sm: 24 },
  left: { xs: 8, sm: 'auto' },
  bottom: { xs: 8, sm: 24 },
  width: { sm: 380 },
  maxHeight: 'calc(100dvh - 16px)',
  borderRadius: 3,
  overflow: 'hidden',
} as const;

/** The signed-in customer's name for the greeting: the sign-in's, or GET /api/user's when the tab has none. */
function useCustomerName(identity: ChatIdentity): string | null {
  const [fetched, setFetched] = useState<string | null>(null);
  const missing = identity.signedIn && !identity.name;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    apiFetch<UserResponse>('/user').then(
      ({ user }) => {
        if (live) setFetched(user.name);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [missing]);
  return identity.signedIn ? (identity.name ?? fetched) : null;
}

/** The conversation, newest at the bottom, read out as it grows; a message may offer to open a ticket. */
function MessageLog({
  listRef,
  messages,
  typing,
  onTicket,
}: {
  listRef: RefObject<HTMLDivElement | null>;
  messages: ChatBubble[];
  typing: boolean;
  onTicket: () => void;
}) {
  return (
    <Box
      ref={listRef}
      role="log"
      aria-label="Mensagens"
      aria-live="polite"
      sx={{
        flex: '1 1 auto',
        minHeight: 160,
        maxHeight: MESSAGES_MAX_HEIGHT_PX,
        overflowY: 'auto',
        px: 2,
        py: 1.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.25,
      }}
    >
      {messages.map((m) => (
        <Bubble key={m.id} bubble={m} onTicket={onTicket} />
      ))}
      {typing && <TypingIndicator />}
    </Box>
  );
}

/**
 * The Auro chat (spec 3 Shell, §4 Chat): the visitor's name and e-mail first, then the conversation in a message
 * area of at most 480 px, the composer, 'Abrir ticket' (asks for confirmation) and 'Encerrar conversa'. Stays
 * mounted while closed, so the conversation survives closing and reopening it and moving between pages.
 */
export default function ChatPanel({
  open,
  identity,
  onClose,
}: {
  open: boolean;
  identity: ChatIdentity;
  /** `returnFocus`: give the keyboard's focus back to the help button (not when the chat leads to another page). */
  onClose: (returnFocus?: boolean) => void;
}) {
  const userName = useCustomerName(identity);
  const chat = useChat({ signedIn: identity.signedIn, name: userName });
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [confirmTicket, setConfirmTicket] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { greet, ready, messages, typing } = chat;

  // the focus goes into the panel when it opens (the visitor's name, or the message), and to the message once the
  // visitor's form is done (WCAG 2.4.3): a keyboard user is not left on a button that is gone
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` swaps the visitor's form for the message field
  useEffect(() => {
    if (!open) return;
    const field = panelRef.current?.querySelector<HTMLElement>('input:not([type=hidden]), textarea:not([aria-hidden])');
    field?.focus();
  }, [open, ready]);

  useEffect(() => {
    if (open && ready && messages.length === 0 && !typing) greet();
  }, [open, ready, messages.length, typing, greet]);

  // the newest message in view
  useEffect(() => {
    const list = listRef.current;
    if (list && (messages.length > 0 || typing)) list.scrollTop = list.scrollHeight;
  }, [messages.length, typing]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (chat.send(text)) setText('');
  };
  const lastQuestion = [...messages].reverse().find((m) => m.role === 'user')?.content ?? null;
  const openTicket = () => {
    setConfirmTicket(false);
    onClose(false);
    navigate(ticketUrl(identity.signedIn, lastQuestion, chat.visitor?.email ?? null));
  };
  const endChat = () => {
    chat.end();
    setText('');
    onClose();
  };

  return (
    <>
      <Paper
        ref={panelRef}
        role="dialog"
        aria-label="Chat com o Auro"
        // Escape closes the chat from anywhere in it (the ticket's confirmation, a dialog of its own, handles its own)
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key === 'Escape' && !event.defaultPrevented) {
            event.preventDefault();
            onClose();
          }
        }}
        elevation={12}
        sx={{ ...PANEL_SX, display: open ? 'flex' : 'none', zIndex: (t) => t.zIndex.appBar + 1 }}
      >
        <ChatHeader onClose={() => onClose()} />

        {!ready ? (
          <VisitorForm onStart={chat.setVisitor} />
        ) : (
          <>
            <MessageLog listRef={listRef} messages={messages} typing={typing} onTicket={() => setConfirmTicket(true)} />
            <ChatComposer
              text={text}
              onText={setText}
              onSubmit={submit}
              answering={chat.answering}
              inputRef={inputRef}
              onTicket={() => setConfirmTicket(true)}
              onEnd={endChat}
            />
          </>
        )}
      </Paper>
      <ConfirmDialog
        open={confirmTicket}
        title="Abrir ticket"
        confirmLabel={MESSAGES.chatOpenTicket}
        onConfirm={openTicket}
        onClose={() => setConfirmTicket(false)}
      >
        <Typography>{MESSAGES.chatOpenTicketConfirm}</Typography>
      </ConfirmDialog>
    </>
  );
}
