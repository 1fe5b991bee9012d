import { z } from 'zod';
import { MESSAGES } from '../messages';
import { boundedString, emailField, requiredText } from './common';

/**
 * Auro, the chat assistant (spec 3 §3 Chat message and Visitor info, §4 Chat, §5, §7 POST /api/chat/ask).
 * A visitor sends visitor_info (name and e-mail); a signed-in customer sends null and is known by the token.
 * chat_id is null on the first message; the answer's chat_id is an opaque secret that continues the same
 * conversation, for its owner only (docs/chat.md).
 */

/** The longest message a person may send (a question, not a document). */
export const CHAT_MESSAGE_MAX = 1000;
export const CHAT_NAME_MAX = 120;
/** An answer's chat_id is 32 characters; anything longer is no chat of ours. */
export const CHAT_ID_MAX = 64;

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** Spec 3 §5: name and e-mail are required ('Campo obrigatório'), the e-mail valid ('Informe um e-mail válido'). */
export const ChatVisitorInfo = z.object({
  name: requiredText(MESSAGES.required, CHAT_NAME_MAX),
  email: emailField(MESSAGES.required),
});
export type ChatVisitorInfo = z.infer<typeof ChatVisitorInfo>;

export const ChatAskRequest = z.object({
  chat_id: boundedString({ max: CHAT_ID_MAX })
    .nullish()
    .transform((v) => v || null),
  message: requiredText(MESSAGES.chatMessageRequired, CHAT_MESSAGE_MAX, { multiline: true }),
  visitor_info: ChatVisitorInfo.nullish().transform((v) => v ?? null),
});
export type ChatAskRequest = z.input<typeof ChatAskRequest>;

export const CHAT_SOURCE_KINDS = ['faq', 'article'] as const;
export type ChatSourceKind = (typeof CHAT_SOURCE_KINDS)[number];

/** Where an answer came from: an FAQ's question or a help article's title. */
export const ChatSource = z.object({ kind: z.enum(CHAT_SOURCE_KINDS), title: z.string() });
export type ChatSource = z.infer<typeof ChatSource>;

/**
 * The spec's reply and chat_id; offer_ticket says that nothing in the FAQs or articles answered well enough, so
 * the screen offers to open a ticket; sources are what the reply quotes.
 */
export const ChatAskResponse = z.object({
  reply: z.string(),
  chat_id: z.string(),
  offer_ticket: z.boolean(),
  sources: z.array(ChatSource),
});
export type ChatAskResponse = z.infer<typeof ChatAskResponse>;
