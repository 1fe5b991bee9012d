/**
 * Physical silver: the catalogue, the checkout (spec 1 §2.3–2.5, §4.1, §4.2, §5, §8), the custody withdrawal of bars
 * (spec 3 "Retirar prata", §4, §5) and their back office. The spec's wording is kept to the letter where it gives one
 * ('Informe o CEP com todos os dígitos', 'Escolha uma das opções acima', 'Informe uma quantidade para a retirada',
 * 'Informe um CPF válido' live in the profile and common groups); the rest is ours.
 */
export const CATALOGUE_MESSAGES = {
  // the cart and the quantities (spec 1 §5, spec 3 §5)
  withdrawalQuantityRequired: 'Informe uma quantidade para a retirada',
  withdrawalQuantityInteger: 'Informe uma quantidade inteira de unidades',
  withdrawalQuantityTooLarge: 'A quantidade deve ser de no máximo 1.000 unidades por item',
  cartNeedsItem: 'É necessário ter pelo menos um item no carrinho.',
  cartTooManyItems: 'O carrinho aceita no máximo 20 itens diferentes.',
  cartDuplicateItem: 'Este item já está no carrinho',
  productNotFound: 'Produto não encontrado.',
  productUnavailable: (name: string) => `O produto ${name} não está disponível no momento.`,
  productSoldOut: (name: string) => `O produto ${name} está esgotado.`,
  stockExceeded: (name: string, left: number) =>
    `Temos apenas ${left} ${left === 1 ? 'unidade' : 'unidades'} de ${name} em estoque. Diminua a quantidade.`,
  quantityAvailable: 'Quantidade disponível.',

  // shipping
  shippingQuantityRequired: 'Informe a quantidade de prata a enviar',
  shippingUnavailable: 'Esta opção de envio não atende o CEP informado. Escolha outra opção.',
  shippingNoOptions: 'Nenhuma transportadora atende o CEP informado.',
  shippingQuoteFailed: 'Não conseguimos cotar o frete agora. Tente de novo em alguns minutos.',
  shippingTooHeavy: 'Este pedido passa do peso que as transportadoras aceitam. Divida-o em pedidos menores.',

  // charges and coupons (spec 1 §4.2, §8)
  silverPriceUnavailable: 'Não há prata à venda no momento. Tente de novo mais tarde.',
  couponRequired: 'Informe o código do cupom',
  couponUsedUp: 'Este cupom já foi usado o número máximo de vezes.',
  couponValidityInvalid: 'Informe uma data e hora válidas',
  couponValidityOrder: 'O fim da validade deve ser depois do início',
  chargeChanged:
    'Os valores mudaram desde o cálculo que você viu (preço da prata, frete ou estoque). Confira o novo total e confirme de novo.',

  // the withdrawal itself
  addressNotFound: 'Endereço não encontrado. Escolha um dos seus endereços salvos.',
  paymentMethodInvalid: 'Escolha a forma de pagamento',
  guestPixOnly: 'Sem uma sessão iniciada, o pagamento é somente por Pix.',
  custodyNeedsSession: 'A retirada da prata da sua custódia exige uma sessão iniciada.',
  guestUserRequired: 'Informe seus dados pessoais',
  insufficientSilver: 'Você não tem prata disponível suficiente para esta retirada.',
  insufficientReais: 'Saldo em reais insuficiente para pagar as taxas desta retirada.',
  silverBalanceConfirm: (total: string, grams: string) =>
    `Confirme a retirada: ${total} saem do seu saldo em reais (cunhagem, frete, seguro e impostos) e ${grams} de prata saem da sua custódia.`,
  houseOutOfSilver: 'Não temos prata suficiente para este pedido no momento. Diminua a quantidade.',
  silverPixCreated:
    'Pedido criado. Pague o Pix pelo aplicativo do seu banco para confirmá-lo; o código vale por tempo limitado.',
  silverBalanceCreated:
    'Retirada solicitada. As taxas e a prata foram reservadas do seu saldo; acompanhe o envio em Meu histórico.',
  silverOrderNotFound: 'Pedido não encontrado. Confira o endereço recebido no e-mail do pedido.',
  silverWithdrawalCancelled: 'Retirada de prata cancelada',
  silverWithdrawalNotCancellable: 'Somente retiradas pendentes podem ser canceladas.',
  silverWithdrawalNotOpen: 'Esta retirada não está na etapa certa para esta ação.',

  // back office
  trackingCodeRequired: 'Informe o código de rastreio',
  silverWithdrawalSent: 'Envio registrado.',
  silverWithdrawalDelivered: 'Entrega registrada.',
  silverWithdrawalRejected: 'Retirada recusada; o cliente foi reembolsado.',
  productTypeSaved: 'Produto salvo.',
  couponSaved: 'Cupom salvo.',
  couponCodeTaken: 'Já existe um cupom com este código.',
  productNameRequired: 'Informe o nome do produto',
  productGramsRequired: 'Informe o peso da unidade em gramas',
  stockInvalid: 'Informe um estoque válido (unidades, número inteiro).',
  stockBelowZero: (name: string, stock: number) =>
    `${name} tem ${stock} ${stock === 1 ? 'unidade' : 'unidades'} em estoque: não dá para retirar mais que isso.`,
  stockAdjusted: (name: string, stock: number) =>
    `Estoque ajustado: ${name} tem ${stock} ${stock === 1 ? 'unidade' : 'unidades'}.`,
  productImageRequired: 'Escolha uma imagem para enviar.',
  productImageType: 'Envie uma imagem PNG, JPEG ou WebP.',
  productImageLimit: 'Um produto pode ter no máximo 10 imagens. Remova uma antes de enviar outra.',
  productImageNotFound: 'Esta imagem não está neste produto.',
  productImageWhich: 'Informe o endereço (path) ou a posição (index) da imagem a remover.',
  productImageUploaded: 'Imagem enviada.',
  productImageRemoved: 'Imagem removida.',
  refundDone: 'Reembolso feito: o Pix foi devolvido ao comprador.',
  refundNotOwed: 'Este pedido não tem reembolso pendente.',
  refundFailed: 'O provedor de pagamentos não aceitou o reembolso agora. Tente de novo em alguns minutos.',
  rateInvalid: 'Informe uma porcentagem válida, entre 0 e 100, com até 2 casas decimais',
  stateInvalid: 'Informe a sigla de um estado (UF)',
  silverSettingsSaved: 'Configurações salvas.',
} as const;

/** The statuses of a silver withdrawal (purchase or custody withdrawal), as the customer reads them. */
export const SILVER_WITHDRAWAL_STATUS_LABELS = {
  pending: 'Pendente',
  paid: 'Pago',
  sent: 'Enviado',
  delivered: 'Entregue',
  rejected: 'Recusado',
  cancelled: 'Cancelado',
  expired: 'Expirado',
} as const;
