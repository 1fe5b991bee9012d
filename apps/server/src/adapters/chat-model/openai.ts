import { MESSAGES } from '@prata/domain';
import { sourceLine } from './embedded';
import { type ChatModelAnswer, ChatModelError, type ChatModelInput, type ChatModelPort } from './port';

/** The person waits with the typing indicator on: twenty seconds, then the embedded answer (features/chat). */
const CHAT_MODEL_TIMEOUT_MS = 20_000;
/** The longest reply kept; a model that runs on is cut here. */
const CHAT_REPLY_MAX = 4000;
const MAX_TOKENS = 600;

export type OpenAiChatOptions = {
  /** the API's base, e.g. https://api.openai.com/v1 (POST {url}/chat/completions) */
  url: string;
  /** sent as a Bearer token when set (a local server may need none) */
  apiKey?: string;
  model: string;
  timeoutMs?: number;
};

const SYSTEM_PROMPT = [
  'Você é o Auro, assistente virtual da Prata, uma plataforma brasileira de compra, custódia, negociação, retirada e transferência de prata.',
  'Responda sempre em português do Brasil, de forma curta, clara e cordial.',
  'Use somente as informações do contexto abaixo; nunca invente valores, taxas, prazos ou regras.',
  'Termine a resposta com a linha de fonte do trecho que você usou, exatamente como aparece no contexto (por exemplo "Fonte: Perguntas frequentes - <pergunta>").',
  'Se o contexto não responder à pergunta, diga que não encontrou a resposta e ofereça abrir um ticket com a equipe de suporte.',
  'Nunca peça senhas, códigos de verificação ou dados de cartão, e não dê recomendação de investimento.',
].join('\n');

/** The system prompt with the retrieved passages, each under its source line. */
function systemPrompt(input: Pick<ChatModelInput, 'passages'>): string {
  const context =
    input.passages.length === 0
      ? '(nenhum trecho das perguntas frequentes ou dos artigos de ajuda responde a esta mensagem)'
      : input.passages.map((p, i) => `[${i + 1}] ${sourceLine(p)}\n${p.text}`).join('\n\n');
  return `${SYSTEM_PROMPT}\n\nContexto:\n${context}`;
}

/**
 * Any OpenAI-compatible endpoint (OpenAI, Azure's compatible API, vLLM, Ollama, LM Studio...): POST
 * {url}/chat/completions with the system prompt holding the retrieved context, the last turns and the message.
 * Every failure (network, timeout, non-2xx, no text in the answer) is a ChatModelError; the key travels only in the
 * Authorization header and is scrubbed from every message.
 */
export function openAiChatModel(options: OpenAiChatOptions): ChatModelPort {
  if (!options.url) throw new Error('CHAT_MODEL_URL é obrigatório com CHAT_MODEL_PROVIDER=openai.');
  if (!options.model) throw new Error('CHAT_MODEL_NAME é obrigatório com CHAT_MODEL_PROVIDER=openai.');
  const endpoint = `${options.url.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? CHAT_MODEL_TIMEOUT_MS;
  const scrub = (text: string) => (options.apiKey ? text.split(options.apiKey).join('***') : text);
  const name = `openai:${options.model}`.slice(0, 120);

  return {
    name,
    async answer(input: ChatModelInput): Promise<ChatModelAnswer> {
      const messages = [
        { role: 'system', content: systemPrompt(input) },
        ...input.history.map((t) => ({ role: t.role, content: t.content })),
        { role: 'user', content: input.question },
      ];
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
      if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers,
          body: JSON.stringify({ model: options.model, messages, temperature: 0.2, max_tokens: MAX_TOKENS }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason = (error as Error).name === 'TimeoutError' ? `sem resposta em ${timeoutMs} ms` : String(error);
        throw new ChatModelError(scrub(`modelo de chat: ${reason}`));
      }
      const text = await res.text().catch(() => '');
      if (!res.ok) throw new ChatModelError(scrub(`modelo de chat: HTTP ${res.status} ${text.slice(0, 300)}`));
      let content: unknown;
      try {
        content = (JSON.parse(text) as { choices?: Array<{ message?: { content?: unknown } }> }).choices?.[0]?.message
          ?.content;
      } catch {
        throw new ChatModelError('modelo de chat: resposta que não é JSON');
      }
      if (typeof content !== 'string' || content.trim() === '') {
        throw new ChatModelError('modelo de chat: resposta sem texto');
      }
      const reply = content.trim().slice(0, CHAT_REPLY_MAX);
      const offerTicket = input.passages.length === 0 && input.smallTalk === null;
      return {
        // a ticket offer the model forgot is still made, in our words
        reply: offerTicket && !/ticket/i.test(reply) ? `${reply}\n\n${MESSAGES.chatNoAnswer}` : reply,
        sources: input.passages.slice(0, 3).map((p) => ({ kind: p.kind, title: p.title })),
        offerTicket,
        model: name,
      };
    },
  };
}
