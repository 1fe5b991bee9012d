import { type ChatVisitorInfo, MESSAGES } from '@prata/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { askAuro } from './api/ask';
import { GREETING_DELAY_MS, TYPING_MIN_MS } from './constants';

export type ChatBubble = { id: number; role: 'user' | 'assistant'; content: string; offerTicket: boolean };

/** Who is chatting: a signed-in customer (the token says who; the name for the greeting) or a visitor. */
export type ChatIdentity = { signedIn: boolean; name: string | null };

const firstName = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] || 'cliente';

/**
 * Auro's conversation (spec 3 §4 Chat, §8, §9): a visitor gives name and e-mail first; the greeting comes 2 s later;
 * each answer shows the typing indicator for at least 2 s; empty messages are ignored; ending clears the messages and
 * the chat id; a failure stops the typing indicator and says nothing. A late answer of an ended chat is dropped.
 */
export function useChat(identity: ChatIdentity) {
  const [visitor, setVisitor] = useState<ChatVisitorInfo | null>(null);
  const [messages, setMessages] = useState<ChatBubble[]>([]);
  const [typing, setTyping] = useState(false);
  const chatId = useRef<string | null>(null);
  const greeted = useRef(false);
  // bumped when the chat ends: timers and answers of the chat before are dropped
  const generation = useRef(0);
  const timers = useRef(new Set<number>());
  const nextId = useRef(1);

  const later = useCallback((ms: number, run: () => void) => {
    const gen = generation.current;
    const id = window.setTimeout(
      () => {
        timers.current.delete(id);
        if (gen === generation.current) run();
      },
      Math.max(0, ms),
    );
    timers.current.add(id);
  }, []);

  const push = useCallback((bubble: Omit<ChatBubble, 'id' | 'offerTicket'> & { offerTicket?: boolean }) => {
    const id = nextId.current++;
    setMessages((list) => [...list, { offerTicket: false, ...bubble, id }]);
  }, []);

  const ready = identity.signedIn || visitor !== null;
  // read when the greeting is written: a customer's name may arrive while the indicator runs
  const name = useRef<string | null>(null);
  name.current = identity.signedIn ? identity.name : (visitor?.name ?? null);

  /** The greeting, 2 s after the chat can start (the visitor's data given, or the panel opened signed in). */
  const greet = useCallback(() => {
    if (greeted.current || !ready) return;
    greeted.current = true;
    setTyping(true);
    later(GREETING_DELAY_MS, () => {
      setTyping(false);
      push({ role: 'assistant', content: MESSAGES.chatGreeting(firstName(name.current)) });
    });
  }, [ready, later, push]);

  const end = useCallback(() => {
    generation.current += 1;
    for (const id of timers.current) window.clearTimeout(id);
    timers.current.clear();
    chatId.current = null;
    greeted.current = false;
    setMessages([]);
    setTyping(false);
  }, []);

  /** Sends the message; answers false (and does nothing) for an empty one or while Auro is still answering. */
  const send = useCallback(
    (text: string): boolean => {
      const message = text.trim();
      if (!message || typing || !ready) return false;
      push({ role: 'user', content: message });
      setTyping(true);
      const gen = generation.current;
      const started = Date.now();
      const settle = (run: () => void) => later(TYPING_MIN_MS - (Date.now() - started), run);
      askAuro({ chat_id: chatId.current, message, visitor_info: identity.signedIn ? null : visitor }).then(
        (answer) => {
          if (gen !== generation.current) return;
          chatId.current = answer.chat_id;
          settle(() => {
            setTyping(false);
            push({ role: 'assistant', content: answer.reply, offerTicket: answer.offer_ticket });
          });
        },
        (error: unknown) => {
          if (gen !== generation.current) return;
          // a chat the server no longer knows as ours: the next message starts another
          if (isApiError(error, 404)) chatId.current = null;
          settle(() => setTyping(false));
        },
      );
      return true;
    },
    [typing, ready, identity.signedIn, visitor, later, push],
  );

  // Signing in or out ends the chat: a chat belongs to one person.
  const signedIn = identity.signedIn;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    end();
    if (signedIn) setVisitor(null);
  }, [signedIn, end]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const id of pending) window.clearTimeout(id);
    };
  }, []);

  return { visitor, setVisitor, ready, messages, typing, greet, send, end, chatId };
}
