/** Passkeys (WebAuthn): registering, signing in and confirming money with them. Our wording. */
export const PASSKEY_MESSAGES = {
  passkeyNameRequired: 'Dê um nome à chave de acesso',
  passkeyCreated: 'Chave de acesso criada.',
  passkeyRemoved: 'Chave de acesso removida.',
  passkeyLimit: (max: number) => `Você pode ter no máximo ${max} chaves de acesso.`,
  passkeyAlreadyRegistered: 'Esta chave de acesso já está cadastrada.',
  passkeysUnavailable: 'Chaves de acesso indisponíveis no momento. Use o código por e-mail.',
  passkeyRequired: 'Confirme com sua chave de acesso.',
  passkeyUnknown: 'Esta chave de acesso não está cadastrada nesta conta.',
  passkeyInvalid: 'Não foi possível confirmar a chave de acesso. Tente novamente.',
  passkeyWrongOrigin: 'A chave de acesso foi usada em outro endereço. Acesse a Prata pelo endereço oficial.',
  passkeyWrongRpId: 'A chave de acesso pertence a outro site.',
  passkeyChallengeExpired: 'O pedido de confirmação expirou. Tente novamente.',
  passkeyChallengeUsed: 'Esta confirmação já foi usada. Tente novamente.',
  passkeyCounterReplayed: 'Esta chave de acesso parece ter sido copiada. Remova-a e crie outra.',
  passkeyFallbackWait: (minutes: number) =>
    `Por segurança, o código por e-mail fica disponível em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}. Avisamos você por e-mail.`,
  passkeyFallbackRequested: 'Pedido registrado. Avisamos você por e-mail; o código fica disponível após a espera.',
  passkeyFallbackEmailOnly: 'Sem a chave de acesso, o código é enviado só por e-mail.',
  adminAccessGranted: 'Acesso ao back office liberado.',
  operatorPasskeyRequired: 'Crie uma chave de acesso em Meus dados para usar o back office.',
} as const;
