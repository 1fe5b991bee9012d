/**
 * The affiliate program (spec 3 "Afiliados", §4 Affiliate, §6) and the educational videos (spec 3 "Educacional",
 * "Video page", §9). The spec gives no wording for these screens: ours (docs/affiliates.md).
 */
export const AFFILIATE_MESSAGES = {
  // the customer's screen
  affiliateApprovalPending:
    'Seu cadastro ainda está em análise. Assim que ele for aprovado, você recebe seu cupom e seu link de indicação.',
  affiliateAwaitingVerification: 'Aguardando verificação',
  affiliateAwaitingApproval: 'Aguardando aprovação',
  affiliateApproved: 'Aprovado',
  affiliateRewardDescription: (share: string, side: 'buy' | 'sell', grams: string) =>
    `${share} da taxa operacional de uma ${side === 'buy' ? 'compra' : 'venda'} de ${grams}`,
  // the back office
  affiliateShareInvalid: 'Informe a participação como uma porcentagem entre 0 e 100, com até 2 casas decimais',
  affiliateYearsInvalid: 'Informe a validade em anos inteiros, de 1 a 10',
  affiliateSettingsSaved: 'Regras do programa de afiliados salvas. Valem para as próximas recompensas.',
} as const;

export const VIDEO_MESSAGES = {
  videoNotFound: 'Vídeo não encontrado.',
  videoTagInvalid: 'Escolha informativo ou tutorial',
  videoTitleRequired: 'Informe o título do vídeo',
  videoYoutubeInvalid: 'Informe o endereço ou o código (11 caracteres) de um vídeo do YouTube',
  videoAlreadyListed: 'Este vídeo já está na lista.',
  videoCreated: 'Vídeo adicionado.',
  videoSaved: 'Vídeo salvo.',
  videoDeleted: 'Vídeo removido.',
} as const;
