import type { ChatAskRequest, ChatAskResponse } from '@prata/domain';
import { apiFetch } from '@/lib/api';

/** POST /api/chat/ask: a visitor sends name and e-mail, a signed-in customer null (the token says who). */
export function askAuro(body: ChatAskRequest): Promise<ChatAskResponse> {
  return apiFetch<ChatAskResponse>('/chat/ask', { method: 'POST', body });
}
