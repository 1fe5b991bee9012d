/**
 * The chat-model port: Auro's answer to one message, given what the retrieval found. The chat feature searches the
 * FAQs and help articles and hands the passages over; the embedded model answers from them alone, the OpenAI-compatible
 * client puts them in its system prompt. Either way the reply is Portuguese, quotes its source, and offers a ticket
 * when nothing answered (docs/chat.md).
 */
import type { ChatRole, ChatSource, ChatSourceKind } from '@prata/domain';

/** A retrieved piece of help: an FAQ (title = its question) or a help article. */
export type ChatPassage = { kind: ChatSourceKind; title: string; text: string; score: number };

export type ChatTurn = { role: ChatRole; content: string };

/** A message with nothing to look up: a greeting or a thank-you. */
export type SmallTalk = 'hello' | 'thanks';

export type ChatModelInput = {
  question: string;
  /** the conversation so far, oldest first (the last few turns) */
  history: ChatTurn[];
  /** what the retrieval found above its threshold, best first; empty when nothing answered well enough */
  passages: ChatPassage[];
  smallTalk: SmallTalk | null;
};

export type ChatModelAnswer = {
  reply: string;
  sources: ChatSource[];
  /** nothing answered: the screen offers to open a ticket */
  offerTicket: boolean;
  /** who answered, kept with the message ('embedded', 'openai:<model>') */
  model: string;
};

export type ChatModelPort = {
  readonly name: string;
  answer(input: ChatModelInput): Promise<ChatModelAnswer>;
};

/** The model did not answer (network, timeout, a non-2xx or an unreadable body): the message is safe to log. */
export class ChatModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatModelError';
  }
}
