/** Automatic saving (docs/saving-plans.md). The wording is ours. */
export const SAVING_PLAN_MESSAGES = {
  savingAmountRequired: 'Informe o valor em reais',
  savingAmountInvalid: 'Informe o valor em reais com até 2 casas decimais',
  savingAmountTooSmall: (minimum: string) => `O valor mínimo por compra é ${minimum}.`,
  savingAmountTooLarge: (maximum: string) => `O valor máximo por compra é ${maximum}.`,
  savingWeekdayRequired: 'Escolha o dia da semana',
  savingMonthDayRequired: 'Escolha um dia do mês entre 1 e 28',
  savingEndDateInvalid: 'Informe uma data de término válida, a partir de hoje',
  savingPaymentMethodRequired: 'Escolha como pagar',
  /** `firstRun`: 'hoje', or the date ('14/12/2026') */
  savingPlanCreated: (firstRun: string) =>
    firstRun === 'hoje'
      ? 'Poupança automática criada. A primeira compra é feita hoje.'
      : `Poupança automática criada. A primeira compra será em ${firstRun}.`,
  savingPlanAwaitingPix: 'Pague o Pix abaixo: ele faz a primeira compra e autoriza as próximas pelo Pix Automático.',
  savingPlanPaused: 'Poupança automática pausada.',
  savingPlanResumed: 'Poupança automática retomada.',
  savingPlanCancelled: 'Poupança automática cancelada. A autorização do Pix Automático foi revogada.',
  savingPlanCancelledNoAuthorization: 'Poupança automática cancelada. Nenhuma nova compra será feita.',
  savingPlanNotCreated: 'A poupança automática não pôde ser criada. Tente de novo em instantes.',
  savingPlanNotChangeable: 'Esta poupança automática não pode ser alterada neste estado.',
  savingPlansLimit: (max: number) => `Você pode ter no máximo ${max} poupanças automáticas ativas.`,
  // the limits on money in (the deposits' own messages, after why they apply)
  /** `room`: what is left of the period (the deposits' own sentence), when the refusal does not say it already */
  savingPlanDepositLimit: (refusal: string, room: string | null = null) =>
    `Cada cobrança do Pix Automático entra como um depósito na sua conta. ${refusal}${room ? ` ${room}` : ''}`,
  savingFirstRunAfterEnd: (firstRun: string) =>
    `A primeira compra seria em ${firstRun}, depois da data de término. Escolha uma data de término posterior.`,
  savingChargeAfterPlanEnded: (amount: string) =>
    `A sua poupança automática de ${amount} foi cancelada antes deste Pix chegar: nenhuma prata foi comprada, e o valor está no seu saldo em reais.`,
  // why a run bought nothing, or less
  savingRunNoOffers: 'Não havia prata à venda no livro de ofertas.',
  savingRunTooSmall: 'O valor não cobria a menor compra possível com a tarifa e o IOF.',
  savingRunPaymentFailed: 'A cobrança do Pix Automático não foi paga.',
  savingAuthorizationCancelled: 'Você cancelou a autorização do Pix Automático no seu banco.',
  savingAuthorizationExpired: 'A autorização do Pix Automático expirou porque o primeiro Pix não foi pago.',
  savingAuthorizationRefused: 'O seu banco recusou a autorização do Pix Automático.',
  savingRunDebitRefused: (bankReason: string | null) =>
    bankReason
      ? `O seu banco recusou o débito do Pix Automático (${bankReason}).`
      : 'O seu banco recusou o débito do Pix Automático.',
  savingPlanRevokedSimulated: 'Cancelamento da autorização pelo pagador simulado.',
  savingRunInterrupted: 'A compra foi interrompida; a equipe vai conferir.',
  savingRunNotCharged: (refusal: string) => `A cobrança não foi enviada ao seu banco. ${refusal}`,
  savingRunPlanCancelled:
    'A poupança foi cancelada antes desta compra: nenhuma prata foi comprada, e o valor pago fica no seu saldo em reais.',
  savingRunPlanPaused:
    'A poupança estava pausada: nenhuma prata foi comprada, e o valor pago ficou no seu saldo em reais.',
  devClockMoved: 'Relógio de teste ajustado.',
} as const;
