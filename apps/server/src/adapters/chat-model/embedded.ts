import { MESSAGES } from '@prata/domain';
import type { ChatModelAnswer, ChatModelInput, ChatModelPort, ChatPassage } from './port';

/** The longest passage quoted whole; a longer one is cut at the last sentence that fits. */
const EMBEDDED_QUOTE_MAX = 1200;
/** A second passage is suggested ("Veja também") when it scores at least this share of the first. */
const SEE_ALSO_SHARE = 0.75;

export const sourceLine = (p: Pick<ChatPassage, 'kind' | 'title'>) =>
  p.kind === 'faq' ? MESSAGES.chatSourceFaq(p.title) : MESSAGES.chatSourceArticle(p.title);

/** The passage's text, cut at a sentence end when it is too long to quote. */
function quote(text: string, max = EMBEDDED_QUOTE_MAX): string {
  // lines (paragraphs, list items) are kept; runs of spaces are not
  const clean = text
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n\s*/g, '\n')
    .trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return end > max / 2 ? cut.slice(0, end + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/**
 * The embedded model: no network, no invention. It answers with the best passage the retrieval found, quoted with its
 * source ("Fonte: Perguntas frequentes - <pergunta>"), suggests a close second one, and when nothing matched it says
 * so and offers a ticket. Greetings and thanks get a short reply of their own.
 */
export const embeddedChatModel: ChatModelPort = {
  name: 'embedded',
  async answer({ passages, smallTalk }: ChatModelInput): Promise<ChatModelAnswer> {
    const [best, second] = passages;
    if (!best) {
      if (smallTalk) {
        const reply = smallTalk === 'hello' ? MESSAGES.chatSmallTalkHello : MESSAGES.chatSmallTalkThanks;
        return { reply, sources: [], offerTicket: false, model: 'embedded' };
      }
      return { reply: MESSAGES.chatNoAnswer, sources: [], offerTicket: true, model: 'embedded' };
    }
    const parts = [MESSAGES.chatAnswerLead, quote(best.text), sourceLine(best)];
    const sources = [{ kind: best.kind, title: best.title }];
    if (second && second.title !== best.title && second.score >= best.score * SEE_ALSO_SHARE) {
      parts.push(MESSAGES.chatSeeAlso(second.title));
      sources.push({ kind: second.kind, title: second.title });
    }
    return { reply: parts.join('\n\n'), sources, offerTicket: false, model: 'embedded' };
  },
};
