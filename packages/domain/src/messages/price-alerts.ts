/**
 * Price alerts (docs/price-alerts.md). The spec gives no wording: all of it is ours. The price's own
 * messages ('Informe o preço por grama', ...) are the order form's, in the orders group.
 */
export const PRICE_ALERT_MESSAGES = {
  priceAlertDirectionRequired: 'Escolha se o alerta é para preço acima ou abaixo',
  priceAlertPriceZero: 'O preço por grama do alerta deve ser maior que zero',
  priceAlertPriceTooHigh: (max: string) => `O preço por grama do alerta deve ser de no máximo ${max}`,
  priceAlertLimitReached: (max: number) => `Você já tem ${max} alertas de preço ativos. Apague um para criar outro.`,
  priceAlertCreated: 'Alerta de preço criado',
  priceAlertDeleted: 'Alerta de preço apagado',
  pushSubscriptionSaved: 'Notificações ativadas neste aparelho',
  pushSubscriptionRemoved: 'Notificações desativadas neste aparelho',
  pushSubscriptionInvalid: 'Não foi possível ativar as notificações neste navegador',
  pushEndpointNotAllowed:
    'Este navegador indicou um serviço de notificações que não usamos. As notificações vêm pelos serviços do Google, da Mozilla, da Apple ou da Microsoft; os alertas continuam chegando por e-mail.',
  pushEndpointTaken:
    'As notificações deste navegador estão ligadas a outra conta. Ative-as de novo neste navegador para recebê-las nesta conta.',
  /** the push notification and the e-mail's subject */
  priceAlertTitle: 'Alerta de preço da prata',
  priceAlertBody: (direction: 'above' | 'below', target: string, traded: string) =>
    direction === 'above'
      ? `A prata foi negociada a ${traded} o grama e chegou ao seu alerta: ${target} ou mais.`
      : `A prata foi negociada a ${traded} o grama e chegou ao seu alerta: ${target} ou menos.`,
} as const;

export const PRICE_ALERT_DIRECTION_LABELS = {
  above: 'Preço igual ou acima de',
  below: 'Preço igual ou abaixo de',
} as const;
