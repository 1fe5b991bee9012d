/** Messages of every screen and of the requests the server cannot read. */
export const COMMON_MESSAGES = {
  // generic
  invalidData: 'Dados inválidos.',
  badRequest: 'Requisição inválida.',
  internalError: 'Ocorreu um erro inesperado. Tente novamente em instantes.',
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
  sessionExpired: 'Sua sessão expirou. Entre novamente para continuar.',
  tokenExpired: 'Token expired',
  forbiddenRole: 'Você não tem permissão para acessar esta área.',
  registrationIncomplete: 'Conclua seu cadastro para continuar.',
  fileTooLarge: 'O arquivo é muito grande. O tamanho máximo permitido é 5.00 MB.',
  fileTypeNotAllowed: 'Envie um arquivo PDF ou uma imagem (PNG, JPG, GIF ou WEBP).',
  /** a file refused when chosen, named, with the reason (fileTooLarge or fileTypeNotAllowed) */
  fileRefused: (name: string, reason: string) => `"${name}" não foi anexado. ${reason}`,
  required: 'Campo obrigatório',
  chooseOption: 'Escolha uma das opções acima',
  maxLength: (max: number) => `Use no máximo ${max} caracteres`,
  invalidCharacters: 'Este campo contém caracteres inválidos.',

  // requests the server cannot read (framework and transport errors)
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
  formInvalid: 'O formulário enviado está incompleto ou corrompido. Tente enviar novamente.',
  formTooManyParts: 'O formulário tem campos ou arquivos demais.',
} as const;
