import { brasiliaYear, defaultIrpfYear, irpfYears } from '@prata/domain';

/** The selector's years, newest first, and the one it opens on (the previous year). */
export function yearChoices(now = new Date()) {
  const current = brasiliaYear(now);
  return { years: irpfYears(current), initial: defaultIrpfYear(current) };
}

/**
 * The guide's text (spec 3 §8 Tax guide text; research/brazil-integrations.md §7). The R$ 35.000 test is on the month's
 * total sales, not the profit; the rates go from 15% to 22,5% by the size of the gain; the DARF is due on the last
 * business day of the month after the sale.
 */
export const GUIDE = {
  intro:
    'Quem guarda prata na Prata informa essa prata na declaração do Imposto de Renda da Pessoa Física (IRPF). Escolha o ano, confira a sua posição em 31 de dezembro e baixe a planilha com as suas ordens.',
  holdingsTitle: 'Bens e Direitos',
  holdings:
    'Se a sua prata valia mais de R$ 5.000,00 em 31 de dezembro, declare-a na ficha Bens e Direitos pelo custo de aquisição: o que você pagou, com a taxa operacional e o IOF, e não o preço de hoje. A quantidade em custódia e o custo médio por grama estão logo abaixo.',
  gainsTitle: 'Vendas e ganho de capital',
  gains:
    'Nos meses em que o total das suas vendas passar de R$ 35.000, o lucro dessas vendas é tributado de 15% a 22,5%, conforme o tamanho do ganho, e o imposto é pago por DARF até o último dia útil do mês seguinte ao da venda. As vendas de meses que ficaram em até R$ 35.000 são isentas, mas também entram na declaração.',
  workbookTitle: 'A planilha do ano',
  workbook:
    'Traz cada ordem realizada no ano (data, tipo, quantidade, preço por grama, taxa operacional, IOF e total), os totais de compras e vendas, a posição em 31/12 com o custo médio e as vendas de cada mês.',
  disclaimer:
    'Este guia é informativo e não substitui a orientação de um contador. Confira as regras do ano nas Perguntas e Respostas do IRPF da Receita Federal.',
} as const;

/**
 * What /irpf says to a company account instead of the guide: the IRPF is the individuals' declaration; a company's
 * silver goes into its own books and its accountant's declarations (docs/fiscal.md, "Companies").
 */
export const FOR_INDIVIDUALS = {
  title: 'Este guia é para pessoas físicas',
  text: 'O guia do Imposto de Renda da Pessoa Física (IRPF) vale para as contas de pessoas físicas. Esta é a conta de uma empresa: a prata e as ordens dela entram na contabilidade da empresa e nas declarações que o contador faz para ela.',
  historyHint: 'As ordens da conta estão em Meu histórico, e o extrato de cada mês em Extrato mensal.',
} as const;
