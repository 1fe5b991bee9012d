/** Sessions and devices, "Onde estou conectado". The spec gives no wording: all of it is ours. */
export const DEVICE_MESSAGES = {
  sessionNotFound: 'Sessão não encontrada.',
  sessionEnded: 'Sessão encerrada.',
  sessionEndedCurrent: 'Você saiu da sua conta neste dispositivo.',
  /** the sign-out's call got no answer: the device forgot the session, the server may not have */
  logoutUnconfirmed:
    'Você saiu neste dispositivo, mas não conseguimos confirmar com o servidor que a sessão foi encerrada. Se este dispositivo não é seu, entre e encerre a sessão em Meus dados > Acesso e dispositivos.',
  otherSessionsEnded: (n: number) =>
    n === 0
      ? 'Não havia outras sessões abertas.'
      : n === 1
        ? 'Uma outra sessão foi encerrada.'
        : `${n} outras sessões foram encerradas.`,
  sessionCursorInvalid: 'Página de sessões inválida.',
  sessionLinkInvalid:
    'Este link para encerrar a sessão é inválido ou expirou. Entre na sua conta e encerre a sessão em Meus dados > Acesso e dispositivos.',
  sessionEndedByLink: 'Pronto: a sessão foi encerrada. Se não foi você que entrou, troque sua senha agora.',
  unknownPlace: 'Local desconhecido',
  /** an operator's block (back office) */
  accountBlocked:
    'O acesso à sua conta está bloqueado. Fale com o atendimento do Prata pelo e-mail de contato para saber como continuar.',
  customerBlocked: 'Acesso do cliente bloqueado. Todas as sessões dele foram encerradas.',
  customerUnblocked: 'Acesso do cliente desbloqueado.',
} as const;
