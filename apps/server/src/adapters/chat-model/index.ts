import { embeddedChatModel } from './embedded';
import { openAiChatModel } from './openai';
import type { ChatModelPort } from './port';

export * from './port';
export { embeddedChatModel } from './embedded';
export { openAiChatModel } from './openai';

export const CHAT_MODEL_PROVIDERS = ['embedded', 'openai'] as const;
export type ChatModelProvider = (typeof CHAT_MODEL_PROVIDERS)[number];

export type ChatModelOptions = {
  provider: ChatModelProvider;
  url?: string;
  apiKey?: string;
  model?: string;
};

/** config.ts has already refused openai without its URL and model name. */
export function chatModelPortFor(options: ChatModelOptions): ChatModelPort {
  if (options.provider === 'openai') {
    return openAiChatModel({ url: options.url ?? '', apiKey: options.apiKey, model: options.model ?? '' });
  }
  return embeddedChatModel;
}
