import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type ChatAskResponse, type ChatVisitorInfo, MESSAGES } from '@prata/domain';
import { type ChatModelAnswer, type ChatTurn, embeddedChatModel } from '@/adapters/chat-model/index';
import type { AppDeps } from '@/deps';
import type { ChatRow, UserRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { AppError, invalidFields, notFound } from '@/lib/errors';
import { emailKey } from '@/plugins/rate-limit';
import { helpRetrieval } from './knowledge';
import { smallTalk } from './retrieval';
import {
  chatByTokenHash,
  countTwoMoreMessages,
  insertChat,
  insertChatMessages,
  latestChatMessages,
} from './repository';

/** The most messages of both roles one conversation keeps; then 'Encerrar conversa' starts another. */
export const CHAT_MESSAGES_MAX = 200;
/** The turns before the message that an OpenAI-compatible model reads (the embedded one reads none). */
const CHAT_HISTORY_TURNS = 10;

export type ChatAsker = { user: UserRow } | { visitor: ChatVisitorInfo };
export type AskInput = { chat_id: string | null; message: string; visitor_info: ChatVisitorInfo | null };

/** A chat_id is a random secret of 24 bytes (32 characters); the database keeps only its SHA-256. */
const newChatToken = () => randomBytes(24).toString('base64url');
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Who asks: the session's customer, or a visitor with name and e-mail (spec 3 §4, §5). */
export function askerOf(user: UserRow | null, visitorInfo: ChatVisitorInfo | null): ChatAsker {
  if (user) return { user };
  if (!visitorInfo) {
    throw invalidFields({ 'visitor_info.name': [MESSAGES.required], 'visitor_info.email': [MESSAGES.required] });
  }
  return { visitor: visitorInfo };
}

/**
 * The conversation the chat_id names, only if it is the asker's: a customer's own chat, or a visitor's chat under the
 * same e-mail. Anything else (unknown, another person's, a visitor's id used from an account) is 404.
 */
async function ownChat(deps: AppDeps, asker: ChatAsker, token: string): Promise<ChatRow> {
  const chat = await chatByTokenHash(deps.database.db, tokenHash(token));
  if (!chat) throw notFound();
  const mine =
    'user' in asker
      ? chat.userId === asker.user.id
      : chat.userId === null && chat.visitorEmail?.toLowerCase() === asker.visitor.email.toLowerCase();
  if (!mine) throw notFound();
  return chat;
}

async function recentTurns(deps: AppDeps, chatId: number): Promise<ChatTurn[]> {
  const rows = await latestChatMessages(deps.database.db, chatId, CHAT_HISTORY_TURNS);
  return rows.reverse();
}

const tooLong = () => new AppError('LIST_LIMIT_REACHED', MESSAGES.chatTooLong);

/**
 * POST /api/chat/ask: limits (the account or the visitor's e-mail first, then the address), the conversation (new
 * or the asker's own), the retrieval, the model's answer (the embedded one when the configured model fails), and both
 * messages stored in one transaction.
 */
export async function ask(
  deps: AppDeps,
  asker: ChatAsker,
  input: AskInput,
  meta: { ip: string; log: FastifyBaseLogger },
): Promise<ChatAskResponse> {
  await deps.limiter.hit('chatAccount', 'user' in asker ? `user:${asker.user.id}` : emailKey(asker.visitor.email));
  await deps.limiter.hit('chatAddress', meta.ip);

  const existing = input.chat_id ? await ownChat(deps, asker, input.chat_id) : null;
  if (existing && existing.messageCount > CHAT_MESSAGES_MAX - 2) throw tooLong();
  const history = existing ? await recentTurns(deps, existing.id) : [];

  const retrieval = await helpRetrieval(deps);
  const modelInput = {
    question: input.message,
    history,
    passages: retrieval.search(input.message),
    smallTalk: smallTalk(input.message),
  };
  let answer: ChatModelAnswer;
  try {
    answer = await deps.adapters.chatModel.answer(modelInput);
  } catch (err) {
    if (deps.adapters.chatModel === embeddedChatModel) throw err;
    // The configured model is down or slow: the person still gets the retrieval's answer.
    meta.log.warn({ err, model: deps.adapters.chatModel.name }, 'chat model failed; embedded answer given');
    answer = { ...(await embeddedChatModel.answer(modelInput)), model: 'embedded (fallback)' };
  }

  const token = input.chat_id ?? newChatToken();
  await withTransaction(deps.database.db, async (tx) => {
    let chatId: number;
    if (existing) {
      if (!(await countTwoMoreMessages(tx, existing.id, CHAT_MESSAGES_MAX - 2))) throw tooLong();
      chatId = existing.id;
    } else {
      chatId = await insertChat(tx, {
        tokenHash: tokenHash(token),
        userId: 'user' in asker ? asker.user.id : null,
        visitorName: 'visitor' in asker ? asker.visitor.name : null,
        visitorEmail: 'visitor' in asker ? asker.visitor.email : null,
        messageCount: 2,
      });
    }
    await insertChatMessages(tx, [
      { chatId, role: 'user', content: input.message },
      {
        chatId,
        role: 'assistant',
        content: answer.reply,
        sources: answer.sources,
        offeredTicket: answer.offerTicket,
        model: answer.model,
      },
    ]);
  });
  return { reply: answer.reply, chat_id: token, offer_ticket: answer.offerTicket, sources: answer.sources };
}

// LGPD: a conversation is kept only while it can still serve its purpose (the person coming back to it, a ticket
// opened from it): CHAT_RETENTION_SECONDS after its last message the retention rule 'chat_conversations' erases it
// with its messages and the visitor's name and e-mail (features/retention, docs/privacy-retention.md).
