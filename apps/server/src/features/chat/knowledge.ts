import { createHash } from 'node:crypto';
import type { AppDeps } from '@/deps';
import { listFaqs } from '@/features/support/index';
import { HELP_ARTICLES } from './help-articles';
import { buildRetrieval, type HelpDoc, htmlToText, type Retrieval } from './retrieval';

/**
 * How long an instance searches the FAQs it read before reading them again: an operator's change reaches Auro within
 * this time. The index is rebuilt only when what was read differs (a hash of the questions and answers).
 */
const FAQ_REFRESH_MS = 5_000;

type Cached = { retrieval: Retrieval; signature: string; readAt: number };
const cache = new WeakMap<AppDeps, Cached>();
const reading = new WeakMap<AppDeps, Promise<Cached>>();

const ARTICLE_DOCS: HelpDoc[] = HELP_ARTICLES.map((a) => ({ ...a, id: `article:${a.id}`, kind: 'article' }));

async function read(deps: AppDeps, previous: Cached | undefined): Promise<Cached> {
  const faqDocs: HelpDoc[] = (await listFaqs(deps.database.db)).map((f) => ({
    id: `faq:${f.id}`,
    kind: 'faq',
    title: f.question,
    text: htmlToText(f.answer),
    keywords: '',
  }));
  const signature = createHash('sha256')
    .update(JSON.stringify(faqDocs.map((d) => [d.id, d.title, d.text])))
    .digest('hex');
  const retrieval =
    previous && previous.signature === signature ? previous.retrieval : buildRetrieval([...faqDocs, ...ARTICLE_DOCS]);
  const next = { retrieval, signature, readAt: Date.now() };
  cache.set(deps, next);
  return next;
}

/** The FAQs (features/support) and the help articles, searchable; read again at most every FAQ_REFRESH_MS. */
export async function helpRetrieval(deps: AppDeps): Promise<Retrieval> {
  const cached = cache.get(deps);
  if (cached && Date.now() - cached.readAt < FAQ_REFRESH_MS) return cached.retrieval;
  let pending = reading.get(deps);
  if (!pending) {
    // one read at a time per app, however many ask at once
    pending = read(deps, cached).finally(() => reading.delete(deps));
    reading.set(deps, pending);
  }
  return (await pending).retrieval;
}
