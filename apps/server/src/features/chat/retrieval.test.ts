import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES } from './help-articles';
import { buildRetrieval, fold, htmlToText, processTerm, singular, smallTalk } from './retrieval';

const articles = buildRetrieval(HELP_ARTICLES.map((a) => ({ ...a, kind: 'article' as const })));
const best = (question: string) => articles.search(question)[0]?.title ?? null;

describe('Portuguese folding', () => {
  it('removes accents and case, drops stop words, makes plurals singular and keeps a stem of long words', () => {
    expect(fold('Depósito TRANSFERÊNCIA ação')).toBe('deposito transferencia acao');
    expect(['depositos', 'transacoes', 'reais', 'itens', 'valores', 'taxas'].map(singular)).toEqual([
      'deposito',
      'transacao',
      'real',
      'item',
      'valor',
      'taxa',
    ]);
    expect(processTerm('Depósitos')).toEqual(['deposito', 'deposi']);
    expect(processTerm('Você')).toBeNull();
    expect(processTerm('pix')).toEqual(['pix']);
  });

  it('reads sanitized HTML as text', () => {
    expect(
      htmlToText(
        '<p>Pague por <strong>Pix</strong>: &amp; TED.</p><ul><li><b>Um</b>;</li><li>Dois</li></ul><p>Fim</p>',
      ),
    ).toBe('Pague por Pix: & TED.\n• Um;\n• Dois\nFim');
  });
});

describe('the help articles', () => {
  it.each([
    ['Como faço um depósito por Pix?', 'Como depositar dinheiro por Pix'],
    ['quanto custa sacar dinheiro', 'Como sacar dinheiro'],
    ['qual a taxa das ordens?', 'Taxa operacional e IOF das ordens'],
    ['IOF', 'Taxa operacional e IOF das ordens'],
    ['como retirar minha prata em casa', 'Como retirar prata física pelo correio'],
    ['posso transferir prata para um amigo?', 'Como transferir prata para outra pessoa'],
    ['ESQUECI MINHA SENHA', 'Esqueci minha senha'],
    ['como declarar no imposto de renda', 'Imposto de renda: como declarar a prata'],
    ['quanto tempo demora a entrega', 'Prazo de entrega e rastreamento das barras'],
    ['o que é DIFAL', 'Impostos na compra e retirada de barras'],
    ['minha conta foi invadida', 'Segurança da sua conta'],
    ['preciso de uma nota fiscal', 'Notas fiscais'],
    ['depositos por ted', 'Como depositar dinheiro por TED'],
  ])('%j → %j', (question, title) => {
    expect(best(question)).toBe(title);
  });

  it.each([
    'asdfgh qwerty',
    'qual a capital da França?',
    'receita de bolo de cenoura',
    'qual o melhor time de futebol',
    'prata',
    '???',
  ])('%j finds nothing', (question) => {
    expect(articles.search(question)).toEqual([]);
  });

  it('recognises greetings and thanks, and nothing longer', () => {
    expect(['Oi', 'olá!', 'Bom dia', 'boa noite.'].map(smallTalk)).toEqual(['hello', 'hello', 'hello', 'hello']);
    expect(['Obrigado!', 'muito obrigada', 'valeu'].map(smallTalk)).toEqual(['thanks', 'thanks', 'thanks']);
    expect(smallTalk('oi, como faço um depósito?')).toBeNull();
  });
});
