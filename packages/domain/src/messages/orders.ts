/** The order book (spec 2 §2 Orders screen, §9): placing, taking and cancelling orders, and the house's back office. */
export const ORDER_MESSAGES = {
  // the form (spec 2 §5 gives no wording for orders: ours)
  orderPriceRequired: 'Informe o preço por grama',
  orderPriceInvalid: 'Informe um preço válido, com até 2 casas decimais',
  orderPriceTooHigh: 'O preço por grama deve ser de no máximo R$ 100.000,00',
  orderQuantityRequired: 'Informe a quantidade de prata',
  orderQuantityInvalid: 'Informe uma quantidade válida, em gramas com até 2 casas decimais',
  orderQuantityTooHigh: 'A quantidade deve ser de no máximo 1.000.000,00 g',
  orderTotalRequired: 'Informe o total mostrado no resumo',
  orderMarketHasNoPrice: 'Uma ordem a mercado não leva preço: ela é executada aos preços das ordens do livro.',
  orderTakeHasNoMode: 'Para comprar ou vender uma ordem da tabela, não informe o modo.',
  // outcomes (spec 2 §8: "Processando ordem ..." while it runs; the rest comes from the server)
  orderProcessing: 'Processando ordem ...',
  orderFilled: 'Ordem executada.',
  orderPartiallyFilled: (filled: string, total: string) =>
    `Ordem executada em parte: ${filled} de ${total}. O restante ficou no livro como ordem pendente.`,
  orderResting: 'Ordem registrada. Ela fica no livro até encontrar uma contraparte ou ser cancelada.',
  orderCancelled: 'Ordem cancelada.',
  // refusals
  orderSellNotAllowed:
    'O valor líquido desta venda seria zero ou negativo. Aumente a quantidade ou o preço para cobrir a taxa e o IOF.',
  orderValueTooSmall: 'O valor desta ordem é pequeno demais: aumente a quantidade ou o preço.',
  orderPriceChanged:
    'Os preços do livro ou as taxas mudaram desde o resumo que você viu. Confira o novo resumo e envie de novo.',
  orderNotEnoughInBook: 'Não há ordens suficientes no livro para executar essa quantidade a mercado.',
  orderNotOpen: 'Esta ordem não está mais disponível: ela já foi executada ou cancelada.',
  orderOwn: 'Esta ordem é sua. Para desfazê-la, cancele-a.',
  orderInsufficientReais: 'Saldo em reais insuficiente para esta ordem.',
  orderInsufficientSilver: 'Você não tem prata disponível suficiente para esta ordem.',
  tradingLimitExceeded: (limit: string, left: string) =>
    `Esta ordem ultrapassa o seu limite anual de negociação de ${limit}. Neste ano você ainda pode negociar ${left}. Peça um aumento em Meus dados > Aumentar limite.`,
  // the form's warnings while typing (the refusals above, said before sending)
  orderWarningReais: (total: string, available: string) =>
    `Saldo em reais insuficiente para esta ordem: o total é ${total} e o seu saldo disponível é ${available}. Deposite antes de enviar, ou diminua a quantidade.`,
  orderWarningSilver: (quantity: string, available: string) =>
    `Você não tem prata disponível suficiente para esta ordem: ela vende ${quantity} e você tem ${available} disponível.`,
  // the confirmation before an order leaves (above CONFIRM_ABOVE_CENTS)
  orderConfirmBuy: (total: string) => `Confirme a compra: ${total} saem do seu saldo em reais, com a taxa e o IOF.`,
  orderConfirmSell: (quantity: string, net: string) =>
    `Confirme a venda: ${quantity} saem do seu saldo de prata e você recebe ${net}, já descontados a taxa e o IOF.`,
  orderBookBusy: 'O livro de ordens está ocupado. Tente de novo em instantes.',
  // back office
  marketSettingsSaved: 'Taxas salvas. Valem para as próximas ordens.',
  houseOrderPlaced: 'Ordem da casa registrada.',
  houseOrderCrossesOwn:
    'Esta ordem cruzaria uma ordem da própria casa no outro lado do livro. Cancele aquela ordem ou escolha outro preço.',
  houseFunded: 'Saldo da casa atualizado.',
} as const;
