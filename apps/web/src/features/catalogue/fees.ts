/**
 * The fee and tax lines of a silver order (spec 1 §2.5), apart from labels.ts: the landing does not carry their texts.
 */
export const FEE_LINES = [
  {
    key: 'minting_fee',
    label: 'Cunhagem',
    explanation: 'O custo de fundir a prata e cunhar as barras, com o selo de pureza e o número de série de cada uma.',
  },
  {
    key: 'shipping_fee',
    label: 'Frete',
    explanation:
      'O transporte das barras até o endereço de entrega, pela transportadora e o serviço que você escolheu. O frete faz parte do valor da venda: por isso os impostos abaixo incidem também sobre ele, e o total cresce um pouco mais que o próprio frete.',
  },
  {
    key: 'insurance_fee',
    label: 'Seguro',
    explanation:
      'O seguro da mercadoria durante o transporte, calculado sobre o valor de mercado da prata: se a encomenda se perder ou for roubada, você recebe outra.',
  },
  {
    key: 'icms',
    label: 'ICMS',
    explanation:
      'Imposto estadual sobre a circulação de mercadorias. Incide sobre o subtotal: a prata, a cunhagem, o seguro e também o frete, porque a entrega faz parte da venda (o ICMS do frete). Dentro do nosso estado vale a alíquota interna; para outros estados, a interestadual.',
  },
  {
    key: 'difal',
    label: 'DIFAL',
    explanation:
      'Diferencial de alíquota do ICMS: nas vendas para outro estado, a diferença entre a alíquota interna do estado de destino e a interestadual, devida ao estado de destino.',
  },
  {
    key: 'pis',
    label: 'PIS',
    explanation: 'Programa de Integração Social: contribuição federal sobre a receita da venda.',
  },
  {
    key: 'cofins',
    label: 'COFINS',
    explanation:
      'Contribuição para o Financiamento da Seguridade Social: contribuição federal sobre a receita da venda.',
  },
] as const;

export type FeeKey = (typeof FEE_LINES)[number]['key'];
