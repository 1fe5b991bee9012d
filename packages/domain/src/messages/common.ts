/**
 * Messages the screens read themselves. Every first load carries this object whole: what only the server says is in
 * SERVER_MESSAGES (messages/server.ts).
 */
export const COMMON_MESSAGES = {
  // generic
  invalidData: 'Dados inválidos.',
  internalError: 'Ocorreu um erro inesperado. Tente novamente em instantes.',
  sessionExpired: 'Sua sessão expirou. Entre novamente para continuar.',
  tokenExpired: 'Token expired',
  forbiddenRole: 'Você não tem permissão para acessar esta área.',
  fileTooLarge: 'O arquivo é muito grande. O tamanho máximo permitido é 5.00 MB.',
  fileTypeNotAllowed: 'Envie um arquivo PDF ou uma imagem (PNG, JPG, GIF ou WEBP).',
  /** a file refused when chosen, named, with the reason (fileTooLarge or fileTypeNotAllowed) */
  fileRefused: (name: string, reason: string) => `"${name}" não foi anexado. ${reason}`,
  chooseOption: 'Escolha uma das opções acima',
  invalidCharacters: 'Este campo contém caracteres inválidos.',
} as const;
