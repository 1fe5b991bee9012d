import MiniSearch from 'minisearch';
import type { ChatSourceKind } from '@prata/domain';
import type { ChatPassage, SmallTalk } from '@/adapters/chat-model/index';

/**
 * Auro's search over the FAQs and the help articles (MiniSearch, BM25). Portuguese is folded before indexing and
 * searching: accents and case removed (NFD, combining marks dropped), stop words dropped, plurals made singular, and
 * long words also indexed by their first letters, so "depósitos", "deposito" and "depositar" meet.
 */

export type HelpDoc = { id: string; kind: ChatSourceKind; title: string; text: string; keywords: string };

/** A word is stripped of its accents and lower-cased: "Depósito" → "deposito". */
export const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Portuguese function words and the fillers of a question ("como faço para...") that carry no subject. */
const STOP_WORDS = new Set(
  (
    'a o as os um uma uns umas de do da dos das no na nos nas ao aos em por pelo pela pelos pelas para pra pro com sem ' +
    'sob sobre entre ate apos e ou mas nem que se ja nao sim mais menos muito muita muitos muitas pouco ' +
    'eu tu ele ela nos vos eles elas voce voces me te lhe lhes meu minha meus minhas seu sua seus suas ' +
    'nosso nossa isso isto esse essa este esta aquele aquela aqui ali la ' +
    'qual quais quando onde como quanto quanta quantos quantas porque porque quem ' +
    'e sou somos era foi ser estar estou esta estao tem tenho ter ha havia sera seria ' +
    'faco fazer faz fazem posso pode podem poderia consigo conseguir quero queria gostaria preciso precisa devo deve ' +
    'saber sei oi ola bom boa dia tarde noite obrigado obrigada favor ai entao tambem so algum alguma coisa ' +
    'prata'
  ).split(' '),
);

/** Plural to singular, the common Portuguese endings (on folded words). */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (/(oes|aes)$/.test(word)) return `${word.slice(0, -3)}ao`;
  if (word.endsWith('ais') && word.length > 4) return `${word.slice(0, -3)}al`;
  if (word.endsWith('eis') && word.length > 4) return `${word.slice(0, -3)}el`;
  if (word.endsWith('ns')) return `${word.slice(0, -2)}m`;
  if (/[rz]es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Words longer than this are also indexed by their first STEM_LENGTH letters ("deposi", "transf", "retira"). */
const STEM_LENGTH = 6;

/** A word as the index keeps it: null for stop words and single letters; the long ones with their stem too. */
export function processTerm(term: string): string[] | null {
  const folded = fold(term);
  if (folded.length < 2 || STOP_WORDS.has(folded) || /^\d{1,2}$/.test(folded)) return null;
  const word = singular(folded);
  return word.length > STEM_LENGTH ? [word, word.slice(0, STEM_LENGTH)] : [word];
}

/**
 * Words people use for the same thing (folded, singular): a question's word is also searched by its group, and counts
 * as found when any of them is. Only the product's vocabulary: a general thesaurus would find anything.
 */
const SYNONYM_GROUPS = [
  'sacar saque retirar retiro retirada resgatar resgate',
  'custo custa custar taxa tarifa preco cobra cobranca',
  'depositar deposito adicionar',
  'transferir transferencia enviar mandar',
  'comprar compra adquirir',
  'vender venda',
  'entrega envio frete correio chega chegar',
  'atendimento atendente suporte humano ticket chamado',
  'imposto irpf tributo',
  'cadastro cadastrar registro',
];
const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) {
  const words = group.split(' ');
  for (const w of words) SYNONYMS.set(w, words);
}

/** A synonym weighs this much of the word the person typed: it helps find, it should not decide. */
const SYNONYM_WEIGHT = 0.3;

type QueryWord = { forms: string[]; typed: string[] };

/** The query's words that count, each with the forms it is searched by (its stem and its synonyms'). */
function queryWords(question: string): QueryWord[] {
  const words = question.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const out: QueryWord[] = [];
  const seen = new Set<string>();
  for (const w of words) {
    const forms = processTerm(w);
    if (!forms || seen.has(forms[0]!)) continue;
    seen.add(forms[0]!);
    const related = (SYNONYMS.get(forms[0]!) ?? []).flatMap((s) => processTerm(s) ?? []);
    out.push({ forms: [...new Set([...forms, ...related])], typed: forms });
  }
  return out;
}

/**
 * The bar an answer must clear. `MIN_SCORE` is MiniSearch's BM25 score of the best hit (title boosted); `MIN_COVERAGE`
 * is the share of the question's meaningful words the hit contains. Calibrated on the articles and demo FAQs
 * (retrieval.test.ts): real questions score 8 and above with most of their words found; nonsense finds nothing or
 * one stray word.
 */
const MIN_SCORE = 3;
const MIN_COVERAGE = 0.6;
/** How much an FAQ outweighs a help article of the same relevance. */
const FAQ_BOOST = 1.5;
/**
 * The operators' FAQs are the official word: an FAQ that answers (above the bar) leads whenever it scores at least
 * this share of the best article, which then comes second ("Veja também").
 */
const FAQ_PREFERENCE = 0.3;
/** The passages handed to the model: the best few only. */
const MAX_PASSAGES = 3;

export type Retrieval = { search(question: string): ChatPassage[]; size: number };

export function buildRetrieval(docs: readonly HelpDoc[]): Retrieval {
  const index = new MiniSearch<HelpDoc>({
    fields: ['title', 'keywords', 'text'],
    storeFields: ['kind', 'title', 'text'],
    processTerm,
    searchOptions: {
      boost: { title: 2.5, keywords: 1.5, text: 1 },
      combineWith: 'OR',
      // the question's words are processed once, by queryWords
      processTerm: (term) => term,
      prefix: false,
      // the operators' FAQs are the official word: ahead of an article that says about as much
      boostDocument: (_id, _term, stored) => (stored?.kind === 'faq' ? FAQ_BOOST : 1),
      // one typo in a long word ("trasferencia"), never in short ones, where it would find anything
      fuzzy: (term) => (term.length >= 7 ? 1 : false),
    },
  });
  index.addAll(docs as HelpDoc[]);

  return {
    size: docs.length,
    search(question) {
      const words = queryWords(question);
      if (words.length === 0) return [];
      const typed = new Set(words.flatMap((w) => w.typed));
      const hits = index.search(words.flatMap((w) => w.forms).join(' '), {
        boostTerm: (term) => (typed.has(term) ? 1 : SYNONYM_WEIGHT),
      });
      const passages: ChatPassage[] = [];
      for (const hit of hits) {
        if (passages.length >= MAX_PASSAGES * 2 || hit.score < MIN_SCORE) break;
        const matched = new Set(hit.queryTerms);
        const found = words.filter((w) => w.forms.some((f) => matched.has(f))).length;
        if (found / words.length < MIN_COVERAGE) continue;
        passages.push({ kind: hit.kind, title: hit.title, text: hit.text, score: hit.score });
      }
      const faq = passages.findIndex((p) => p.kind === 'faq');
      if (faq > 0 && passages[faq]!.score >= passages[0]!.score * FAQ_PREFERENCE) {
        passages.unshift(...passages.splice(faq, 1));
      }
      return passages.slice(0, MAX_PASSAGES);
    },
  };
}

const HELLO = /^(oi+|ol[aá]|e a[ií]|bom dia|boa tarde|boa noite|hey|hello|opa|tudo (bem|bom))[\s!.,?]*$/i;
const THANKS = /^(muito )?(obrigad[oa]|valeu|grat[oa]|agrade[cç]o|brigad[oa])( pela ajuda| mesmo)?[\s!.,?]*$/i;

/** A greeting or a thank-you with nothing else to look up. */
export function smallTalk(message: string): SmallTalk | null {
  const text = message.trim();
  if (HELLO.test(text)) return 'hello';
  if (THANKS.test(text)) return 'thanks';
  return null;
}

/** FAQ answers are sanitized HTML: the model reads them as text (paragraphs and list items on lines of their own). */
export function htmlToText(html: string): string {
  return html
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<(br|\/p|\/li|\/ul|\/ol|\/h\d|\/tr|\/blockquote)\s*\/?>/gi, '\n')
    .replace(/<\/?(strong|b|em|i|u|a|span)(\s[^>]*)?>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}
