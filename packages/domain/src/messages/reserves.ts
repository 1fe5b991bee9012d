/** Proof of reserves (docs/reserves.md). The spec gives no wording: all of it is ours. */
export const RESERVES_MESSAGES = {
  reservesNoProofYet: 'A prova de reservas ainda não foi publicada. A primeira sai logo após o fim do dia.',
  reservesNotInProof: 'Você não tinha conta de prata ao fim deste dia, por isso não há folha sua nesta prova.',
  reservesProofExpired: (days: number) =>
    `As provas individuais ficam disponíveis por ${days} dias. Deste dia continuam publicados a raiz, os totais e as barras do cofre.`,
  reservesDayInvalid: 'Informe um dia já encerrado, no formato aaaa-mm-dd.',
  reservesRebuilt: 'Prova de reservas do dia recalculada.',
  reservesBarSerialRequired: 'Informe o número de série da barra',
  reservesBarRefinerRequired: 'Informe a refinadora',
  reservesBarWeightInvalid: 'Informe o peso em centigramas, um número inteiro maior que zero',
  reservesBarDocumentRequired: 'Anexe o laudo do auditor em PDF',
  reservesBarDocumentNotPdf: 'O laudo do auditor deve ser um arquivo PDF',
  reservesBarSerialTaken: 'Já existe uma barra com este número de série no cofre.',
  reservesBarSaved: 'Barra salva.',
  reservesBarRemoved: 'Barra retirada da lista do cofre.',
  reservesBarsLimit: 'A lista do cofre chegou ao limite de barras.',
  reservesShortfall: 'Alerta: o cofre tem menos prata do que a devida aos clientes.',
} as const;
