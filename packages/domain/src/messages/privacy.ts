/** Privacy and data (docs/privacy.md). The spec gives no wording: all of it is ours. */
export const PRIVACY_MESSAGES = {
  privacyExportRequested:
    'Pedido recebido. Vamos preparar o arquivo com os seus dados e avisar por e-mail quando ele estiver pronto.',
  privacyExportTooSoon: (when: string) =>
    `Você já pediu uma cópia dos seus dados recentemente. Um novo pedido pode ser feito a partir de ${when}.`,
  privacyExportLinkInvalid: 'Este link de download não é válido ou já expirou. Peça uma nova cópia em Meus dados.',
  privacyExportMailSubject: 'Seus dados na Prata estão prontos para download',
  marketingOptInSaved: 'Você passará a receber novidades e ofertas da Prata por e-mail.',
  marketingOptOutSaved: 'Você não receberá mais novidades e ofertas da Prata por e-mail.',
  marketingChoiceRequired: 'Informe se deseja receber e-mails de novidades e ofertas',
  processorSaved: 'Operador de dados salvo',
  processorNameTaken: 'Já existe um operador de dados com esse nome',
  processorNameRequired: 'Informe o nome do operador de dados',
  processorServiceRequired: 'Informe o serviço prestado',
  processorDataRequired: 'Informe quais dados são compartilhados',
  processorPurposeRequired: 'Informe a finalidade do compartilhamento',
  processorLegalBasisRequired: 'Informe a base legal',
  processorCountryRequired: 'Informe o país onde os dados são tratados',
  privacyCursorInvalid: 'A página pedida não é válida. Volte ao início da fila.',
  // erasure ("Pedir eliminação")
  erasurePasswordRequired: 'Informe sua senha para confirmar a eliminação',
  erasurePasswordWrong: 'A senha está incorreta.',
  erasureNotAllowed: (reasons: string[]) => `Ainda não é possível eliminar os seus dados: ${reasons.join(' ')}`,
  erasureBalanceBrl: 'Você ainda tem saldo em reais. Saque todo o saldo antes de pedir a eliminação.',
  erasureBalanceAg: 'Você ainda tem prata em custódia. Venda, transfira ou retire toda a prata antes.',
  erasureHeldFunds: 'Há valores reservados em operações em andamento. Aguarde a conclusão delas.',
  erasureOpenOrders: 'Você tem ordens abertas no livro. Cancele-as antes de pedir a eliminação.',
  erasurePendingDeposits: 'Há depósitos em análise ou retidos. Aguarde a conclusão deles.',
  erasurePendingWithdrawals: 'Há saques em andamento. Aguarde a conclusão deles.',
  erasurePendingSilverWithdrawals: 'Há retiradas ou compras de prata física em andamento. Aguarde a conclusão delas.',
  erasurePendingSilverTransfers: 'Há transferências de prata aguardando o destinatário. Cancele-as ou aguarde.',
  erasureLiveSavingPlans: 'Você tem planos de compra programada ativos ou pausados. Cancele-os antes.',
  erasureDone:
    'Seus dados pessoais foram eliminados e você saiu da sua conta. Os registros que a lei exige ficam guardados, bloqueados, até as datas informadas.',
  accountErased: 'Esta conta foi eliminada a pedido do titular. Para usar a Prata de novo, faça um novo cadastro.',
} as const;
