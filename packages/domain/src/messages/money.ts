/** Money in and out: deposits by Pix and TED, money withdrawals, the payment provider (spec 2 §2, §5, §8). */
export const MONEY_MESSAGES = {
  // deposits (spec 2 §5)
  depositAmountRequired: 'Informe um valor para o depósito',
  depositMinimum: 'O valor mínimo é R$ 5,00',
  tedAmountRequired: 'Informe o valor',
  receiptRequired: 'Escolha o comprovante da transferência',
  pixDepositCreated:
    'QR Code criado. Pague pelo aplicativo do seu banco; o valor entra no seu saldo assim que o Pix chegar.',
  tedDepositSent:
    'Comprovante enviado. Vamos conferir a transferência e creditar o valor no seu saldo em até 1 dia útil.',
  depositCancelled: 'Depósito cancelado.',
  depositNotCancellable: 'Somente depósitos Pix pendentes podem ser cancelados.',
  depositAlreadyPaid: 'Este depósito já foi pago e creditado no seu saldo.',
  depositNoReceipt: 'Este depósito não tem comprovante.',
  depositNoQrCode: 'Este depósito não tem QR Code.',
  pendingDepositsLimit: (n: number) =>
    `Você já tem ${n} depósitos pendentes. Pague ou cancele um deles antes de criar outro.`,
  // deposit limits: the limit that binds, and what is left of it; amounts already formatted (R$ 1.000,00)
  depositAbovePerDeposit: (limit: string) => `O valor máximo por depósito é ${limit}.`,
  depositAboveNight: (limit: string) => `Entre 20h e 6h, o valor máximo por depósito é ${limit}.`,
  depositAbovePeriod: (limit: string, days: number, left: string) =>
    `Seu limite de depósitos é de ${limit} a cada ${days} dias. Você ainda pode depositar ${left}.`,
  depositExpired: 'Este QR Code expirou e não pode mais ser pago. Crie um novo depósito.',
  depositNotHeld: 'Este depósito não está retido para análise.',
  depositHeldDecided: 'Decisão registrada.',
  depositCreditChargedOnlyOverpaid: 'Creditar o valor cobrado só vale para um pagamento acima do cobrado.',
  paymentProviderUnavailable:
    'Não conseguimos falar com o nosso provedor de pagamentos agora. Tente de novo em alguns minutos.',

  // withdrawals (spec 2 §5, §9)
  withdrawalAmountRequired: 'Informe um valor para a retirada',
  withdrawalMinimum: (minimum: string) => `O valor deve ser maior ou igual a ${minimum}`,
  withdrawalAboveFee: (fee: string) => `O valor deve ser maior que a tarifa de ${fee}`,
  withdrawalCodeSent: 'Enviamos um código para o seu e-mail. Informe-o para confirmar a retirada.',
  withdrawalInstant: 'Retirada realizada. O dinheiro chega em instantes na sua chave Pix.',
  withdrawalRequested: 'Retirada solicitada. Ela será processada em até 24 horas.',

  // back office
  depositApproved: 'Depósito aprovado e creditado.',
  depositRejected: 'Depósito recusado.',
  depositPixOnlyByPayment: 'Depósitos por Pix são creditados somente quando o pagamento chega.',
  withdrawalApproved: 'Retirada aprovada e enviada ao banco.',
  withdrawalRejected: 'Retirada recusada; o valor voltou ao saldo do cliente.',
  withdrawalPayoutFailed: (reason: string) => `O banco recusou a transferência: ${reason}`,
  notPending: 'Este pedido já foi decidido.',
  payoutNotOpen: 'Esta retirada não tem uma transferência em aberto para resolver.',
  payoutSettledDone: 'Transferência registrada como paga.',
  payoutSettledFailed: 'Transferência registrada como não paga; o valor voltou ao saldo do cliente.',
  paymentSimulated: 'Pagamento recebido pelo provedor embutido.',

  // webhooks
  webhookUnauthorized: 'Token do webhook inválido.',
  webhookMalformed: 'Evento do webhook ilegível.',
  webhookAccepted: 'Evento recebido.',
} as const;
