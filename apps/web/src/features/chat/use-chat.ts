import { type ChatVisitorInfo, MESSAGES } from '@prata/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api';
import { askAuro } from './api/ask';
import { GREETING_DELAY_MS, TYPING_MIN_MS } from './constants';

export type ChatBubble = { id: number; role: 'user' | 'assistant'; content: string; offerTicket: boolean };

/** Who is chatting: a signed-in customer (the token says who; the name for the greeting) or a visitor. */
export type ChatIdentity = { signedIn: boolean; name: string | null };

const firstName = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] || 'cliente';

/**
 * The chat's timers, by generation: `later` runs only if the chat has not ended meanwhile; `dropAll` ends the
 * generation (its timers cleared, and its answers, which check `generation`, dropped). Unmounting clears them too.
 */
function useGenerations() {
  // bumped when the chat ends: timers and answers of the chat before are dropped
  const generation = useRef(0);
  const timers = useRef(new Set<number>());

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

  const dropAll = useCallback(() => {
    generation.current += 1;
    for (const id of timers.current) window.clearTimeout(id);
    timers.current.clear();
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const id of pending) window.clearTimeout(id);
    };
  }, []);

  return { generation, later, dropAll };
}

/** The conversation's messages, each with its own id. */
function useBubbles() {
  const [messages, setMessages] = useState<ChatBubble[]>([]);
  const nextId = useRef(1);
  /** Adds a message at the end, or first (the greeting, when a question was sent before it came). */
  const push = useCallback(
    (bubble: Omit<ChatBubble, 'id' | 'offerTicket'> & { offerTicket?: boolean }, first = false) => {
      const added = { offerTicket: false, ...bubble, id: nextId.current++ };
      setMessages((list) => (first ? [added, ...list] : [...list, added]));
    },
    [],
  );
  return { messages, setMessages, push };
}

/**
 * Auro's conversation (spec 3 §4 Chat, §8, §9): a visitor gives name and e-mail first; the greeting comes 2 s later;
 * each answer shows the typing indicator for at least 2 s; empty messages are ignored; ending clears the messages and
 * the chat id; a failure stops the typing indicator and says nothing. A late answer of an ended chat is dropped.
 * A question may be sent while the greeting is on its way: it is asked at once and its answer comes after the
 * greeting; only a question waiting for its answer holds the next one back.
 */
export function useChat(identity: ChatIdentity) {
  const [visitor, setVisitor] = useState<ChatVisitorInfo | null>(null);
  const { messages, setMessages, push } = useBubbles();
  // what Auro is writing: the greeting and the answer to the question asked, 0, 1 or 2 of them
  const [writing, setWriting] = useState(0);
  const [answering, setAnswering] = useState(false);
  // the guard of send(): two Enters in one frame see the same state, not the same ref
  const waitingAnswer = useRef(false);
  const chatId = useRef<string | null>(null);
  const greeted = useRef(false);
  /** When the greeting shows (epoch ms) while it is on its way, so an answer never comes before it. */
  const greetingAt = useRef<number | null>(null);
  const { generation, later, dropAll } = useGenerations();

  const ready = identity.signedIn || visitor !== null;
  // read when the greeting is written: a customer's name may arrive while the indicator runs
  const name = useRef<string | null>(null);
  name.current = identity.signedIn ? identity.name : (visitor?.name ?? null);

  /** The greeting, 2 s after the chat can start (the visitor's data given, or the panel opened signed in). */
  const greet = useCallback(() => {
    if (greeted.current || !ready) return;
    greeted.current = true;
    greetingAt.current = Date.now() + GREETING_DELAY_MS;
    setWriting((n) => n + 1);
    later(GREETING_DELAY_MS, () => {
      greetingAt.current = null;
      setWriting((n) => n - 1);
      push({ role: 'assistant', content: MESSAGES.chatGreeting(firstName(name.current)) }, true);
    });
  }, [ready, later, push]);

  const end = useCallback(() => {
    dropAll();
    chatId.current = null;
    greeted.current = false;
    greetingAt.current = null;
    waitingAnswer.current = false;
    setMessages([]);
    setWriting(0);
    setAnswering(false);
  }, [dropAll, setMessages]);

  /** Sends the message; answers false (and does nothing) for an empty one or while Auro is still answering. */
  const send = useCallback(
    (text: string): boolean => {
      const message = text.trim();
      if (!message || waitingAnswer.current || !ready) return false;
      waitingAnswer.current = true;
      setAnswering(true);
      push({ role: 'user', content: message });
      setWriting((n) => n + 1);
      const gen = generation.current;
      const started = Date.now();
      // at least TYPING_MIN_MS of the indicator, and never before the greeting (its timer was set first)
      const settle = (run: () => void) =>
        later(Math.max(TYPING_MIN_MS - (Date.now() - started), (greetingAt.current ?? 0) - Date.now() + 1), () => {
          waitingAnswer.current = false;
          setAnswering(false);
          setWriting((n) => n - 1);
          run();
        });
      askAuro({ chat_id: chatId.current, message, visitor_info: identity.signedIn ? null : visitor }).then(
        (answer) => {
          if (gen !== generation.current) return;
          chatId.current = answer.chat_id;
          settle(() => push({ role: 'assistant', content: answer.reply, offerTicket: answer.offer_ticket }));
        },
        (error: unknown) => {
          if (gen !== generation.current) return;
          // a chat the server no longer knows as ours: the next message starts another
          if (isApiError(error, 404)) chatId.current = null;
          settle(() => undefined);
        },
      );
      return true;
    },
    [ready, identity.signedIn, visitor, generation, later, push],
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

  return { visitor, setVisitor, ready, messages, typing: writing > 0, answering, greet, send, end, chatId };
}
