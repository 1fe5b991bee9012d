import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { RouterLink } from '@/components/router-link';

/**
 * The app's pages Auro's answers name by their path (help articles, FAQ answers), and how a person reads them. Each
 * is "página …" so that "em /x" and "de /x" read as "na página …" and "da página …".
 */
const PAGE_NAMES: Record<string, string> = {
  '/comprar-prata': 'página de compra de prata',
  '/ordens': 'página de ordens',
  '/adicionar-dinheiro': 'página de depósito',
  '/retirar-dinheiro': 'página de saque',
  '/retirar-prata': 'página de retirada de prata',
  '/transferir-prata': 'página de transferência de prata',
  '/meu-historico': 'página Meu histórico',
  '/meus-dados': 'página Meus dados',
  '/minhas-notas': 'página Minhas notas',
  '/irpf': 'página do IRPF',
  '/afiliados': 'página de afiliados',
  '/educacional': 'página Educacional',
  '/faqs': 'página de perguntas frequentes',
  '/contato': 'página de contato',
  '/contato/ticket/create': 'página de abertura de ticket',
  '/contato/ticket/visitante': 'página de ticket para visitantes',
  '/register': 'página de cadastro',
  '/register/finish': 'página de conclusão do cadastro',
  '/login': 'página de entrada',
};

/**
 * An app path in running text: after the start, a space or an opening parenthesis, optionally after "em"/"Em"/"de"
 * (which become "na"/"Na"/"da" before "página"); the longest known path wins ("/contato/ticket/visitante" over
 * "/contato"), and a path followed by more of a path ("/contato/outra") is left as written.
 */
const APP_PATH = new RegExp(
  `(^|[\\s(])(?:(Em|em|de) )?(${Object.keys(PAGE_NAMES)
    .sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/[-/]/g, '\\$&'))
    .join('|')})(?![\\w/-])`,
  'g',
);

const CONTRACTED: Record<string, string> = { Em: 'Na', em: 'na', de: 'da' };

/** A paragraph of Auro's answer with the app's paths as links named in words ("/contato" → "página de contato"). */
export function withAppLinks(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(APP_PATH)) {
    const [whole, before = '', preposition, path = ''] = match;
    out.push(text.slice(at, match.index) + before + (preposition ? `${CONTRACTED[preposition]} ` : ''));
    out.push(
      <Link key={match.index} component={RouterLink} to={path} color="secondary">
        {PAGE_NAMES[path]}
      </Link>,
    );
    at = match.index + whole.length;
  }
  out.push(text.slice(at));
  return out.filter((part) => part !== '');
}
