/**
 * Silver transfers between customers (spec 3 "Transferir prata", §4 Transfer, §5, §8, §9; spec 2 §4, §8). The spec's
 * wording is kept to the letter where it gives one: 'Informe o e-mail do recebedor', 'Informe a quantidade' and
 * 'Transferência de prata cancelada' live here; 'Informe um e-mail válido', 'Informe um CPF válido' and 'Informe o
 * código' in the auth and profile groups. The rest is ours (docs/silver-transfers.md).
 */
export const SILVER_TRANSFER_MESSAGES = {
  // the form (spec 3 §5)
  transferReceiverEmailRequired: 'Informe o e-mail do recebedor',
  transferQuantityRequired: 'Informe a quantidade',
  transferQuantityInvalid: 'Informe a quantidade em gramas com até 2 casas decimais',
  transferMessageTooLong: 'A mensagem deve ter no máximo 40 caracteres',
  transferMessageLink: 'A mensagem não pode ter links, endereços de sites nem e-mails.',
  transferReceiverIdInvalid: 'Recebedor inválido. Verifique o e-mail novamente.',

  // the receiver check
  transferReceiverFound: 'Recebedor encontrado.',
  transferReceiverNotFound:
    'Não encontramos uma conta com este e-mail. Informe o CPF do recebedor: a prata fica reservada até ele se cadastrar com este e-mail e este CPF.',
  transferToSelf: 'Você não pode transferir prata para você mesmo.',
  transferReceiverUnavailable: 'Esta conta não pode receber transferências de prata.',
  transferReceiverChanged: 'O recebedor mudou desde a verificação do e-mail. Verifique o e-mail novamente.',

  // code, creation, cancel, expiry
  transferCodeSent: 'Enviamos um código para o seu e-mail. Informe-o para confirmar a transferência.',
  transferInsufficientSilver: 'Você não tem prata disponível suficiente para esta transferência.',
  transferCompleted: 'Transferência realizada.',
  transferPending:
    'Transferência reservada. O recebedor tem até a data indicada para se cadastrar com este e-mail e este CPF; até lá você pode cancelá-la.',
  transferCancelled: 'Transferência de prata cancelada',
  transferNotCancellable: 'Somente transferências aguardando o cadastro do recebedor podem ser canceladas.',

  // back office
  transferCheckCodeInvalid: 'Informe o código de verificação do comprovante (12 letras e números).',
  transferCheckCodeUnknown: 'Nenhuma transferência tem este código de verificação.',
} as const;

/** How each status of a transfer reads in the history and the back office. */
export const SILVER_TRANSFER_STATUS_LABELS = {
  pending: 'Aguardando cadastro',
  completed: 'Realizada',
  cancelled: 'Cancelado',
  expired: 'Expirada',
} as const;
