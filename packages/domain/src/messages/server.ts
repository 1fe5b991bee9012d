/**
 * What only the server says: its own state (the database away or slow, more load than an instance serves), and its
 * answers to requests it cannot read or will not take. No screen holds them, so they stay out of COMMON_MESSAGES,
 * which every first load carries; the screens show the message an answer brings.
 */
export const SERVER_MESSAGES = {
  // the service's own state
  databaseUnavailable:
    'O serviço está temporariamente indisponível. Nada foi alterado; tente novamente em alguns segundos.',
  serverBusy: 'Muitas solicitações neste momento. Nada foi alterado; tente novamente em alguns segundos.',
  databaseTimeout:
    'O serviço demorou demais para responder e a operação foi interrompida. Tente novamente em alguns segundos.',
  storageUnavailable:
    'Os arquivos estão temporariamente indisponíveis. Nada foi alterado; tente novamente em alguns segundos.',
  // requests it cannot read or will not take (framework and transport errors, keys, sessions)
  badRequest: 'Requisição inválida.',
  tooManyRequests: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  idempotencyKeyInvalid:
    'Chave de idempotência inválida: use de 8 a 128 letras, números, pontos, hífens ou sublinhados.',
  idempotencyKeyReused: 'Esta chave de idempotência já foi usada em outra operação. Gere uma nova chave.',
  idempotencyOutcomeUnknown:
    'Não foi possível confirmar se a operação anterior foi concluída. Confira seu histórico antes de tentar de novo.',
  idempotencyInProgress: 'Esta operação ainda está em andamento. Aguarde alguns segundos e consulte o resultado.',
  signinAccountLocked: (minutes: number) =>
    `Muitas tentativas de acesso a esta conta. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} ou redefina sua senha em “Esqueci minha senha”.`,
  notFound: 'Registro não encontrado.',
  unauthenticated: 'Sua sessão expirou. Entre novamente.',
  registrationIncomplete: 'Conclua seu cadastro para continuar.',
  required: 'Campo obrigatório',
  maxLength: (max: number) => `Use no máximo ${max} caracteres`,
  routeNotFound: 'Endereço não encontrado.',
  methodNotAllowed: 'Este endereço não aceita este método.',
  urlInvalid: 'Endereço inválido.',
  urlTooLong: 'Endereço longo demais.',
  headersTooLarge: 'O endereço ou os cabeçalhos da requisição são grandes demais.',
  requestTimeout: 'A requisição demorou demais. Tente novamente.',
  requestTooLarge: 'Os dados enviados são grandes demais.',
  unsupportedMediaType: 'Formato de dados não aceito por este endereço.',
  invalidJson: 'Os dados enviados não estão em um formato JSON válido.',
  bodyNotAccepted: 'Este endereço não recebe dados no corpo da requisição.',
  /** bytes that are not UTF-8 (a text would be stored with � in place of what was meant) */
  encodingInvalid: 'Os dados enviados não estão em UTF-8 válido. Nada foi alterado.',
  formInvalid: 'O formulário enviado está incompleto ou corrompido. Tente enviar novamente.',
  formTooManyParts: 'O formulário tem campos ou arquivos demais.',
} as const;
