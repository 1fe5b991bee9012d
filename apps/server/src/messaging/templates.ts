/** The e-mails and SMS Prata sends, in Portuguese. Plain text always; a simple HTML twin for mail clients. */
export type Rendered = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#37474f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#666;word-break:break-all;overflow-wrap:anywhere">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto;padding:24px"><h2 style="color:#37474f">${escapeHtml(title)}</h2>${body}${button}<p style="font-size:12px;color:#888">Prata Metais Preciosos. Nunca pedimos sua senha por e-mail.</p></body></html>`;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** How long a code or link lasts, in words: 600 → '10 minutos', 172800 → '48 horas' (the windows are settings). */
function validity(seconds: number): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hora', 'horas');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minuto', 'minutos');
  return plural(seconds, 'segundo', 'segundos');
}

export function emailVerificationMail(name: string, url: string, validForSeconds: number): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Confirme seu e-mail para ativar sua conta no Prata. O link vale por ${validity(validForSeconds)}.`,
  ];
  return {
    subject: 'Confirme seu e-mail no Prata',
    text: `${lines.join('\n\n')}\n\nConfirmar e-mail: ${url}\n\nSe você não criou uma conta, ignore esta mensagem.`,
    html: layout('Confirme seu e-mail', [...lines, 'Se você não criou uma conta, ignore esta mensagem.'], {
      label: 'Confirmar e-mail',
      url,
    }),
  };
}

export function loginCodeMail(name: string, code: string, validForSeconds: number): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Seu código de verificação para entrar no Prata é ${code}.`,
    `Ele vale por ${validity(validForSeconds)} e só pode ser usado uma vez. Se não foi você, troque sua senha.`,
  ];
  return {
    subject: `Seu código de acesso: ${code}`,
    text: lines.join('\n\n'),
    html: layout('Código de acesso', lines),
  };
}

export const loginCodeSms = (code: string, validForSeconds: number) =>
  `Prata: seu codigo de acesso e ${code}. Vale por ${validity(validForSeconds)}. Nao compartilhe este codigo.`;

export function passwordResetMail(name: string, url: string, validForSeconds: number): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Recebemos um pedido para redefinir a senha da sua conta. O link vale por ${validity(validForSeconds)}.`,
  ];
  return {
    subject: 'Redefinição de senha do Prata',
    text: `${lines.join('\n\n')}\n\nRedefinir senha: ${url}\n\nSe você não pediu, ignore esta mensagem: sua senha continua a mesma.`,
    html: layout('Redefinir senha', [...lines, 'Se você não pediu, ignore esta mensagem.'], {
      label: 'Redefinir senha',
      url,
    }),
  };
}

export function passwordChangedMail(name: string): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    'A senha da sua conta no Prata foi alterada e todas as sessões abertas foram encerradas.',
    'Se não foi você, fale conosco imediatamente.',
  ];
  return { subject: 'Sua senha foi alterada', text: lines.join('\n\n'), html: layout('Senha alterada', lines) };
}

export function accountReopenedMail(name: string): Rendered {
  const lines = [`Olá, ${firstName(name)}!`, 'Sua conta no Prata foi reaberta. Se não foi você, fale conosco.'];
  return { subject: 'Sua conta foi reaberta', text: lines.join('\n\n'), html: layout('Conta reaberta', lines) };
}

export function registrationApprovedMail(name: string): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    'Seu cadastro no Prata foi aprovado. Você já pode depositar, negociar e movimentar sua conta.',
  ];
  return { subject: 'Seu cadastro foi aprovado', text: lines.join('\n\n'), html: layout('Cadastro aprovado', lines) };
}

export function registrationRejectedMail(name: string, reason: string): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Não foi possível aprovar seu cadastro no Prata pelo seguinte motivo: ${reason}`,
    'Atualize seus dados em Meus dados ou fale conosco para que possamos analisar novamente.',
  ];
  return {
    subject: 'Seu cadastro precisa de atenção',
    text: lines.join('\n\n'),
    html: layout('Cadastro não aprovado', lines),
  };
}

export function limitDecisionMail(
  name: string,
  d: { approved: true; limit: string } | { approved: false; reason: string },
): Rendered {
  const lines = d.approved
    ? [
        `Olá, ${firstName(name)}!`,
        `Seu pedido de aumento de limite foi aprovado. Seu novo limite anual é de ${d.limit}.`,
      ]
    : [`Olá, ${firstName(name)}!`, `Seu pedido de aumento de limite não foi aprovado: ${d.reason}`];
  const subject = d.approved ? 'Aumento de limite aprovado' : 'Pedido de aumento de limite não aprovado';
  return { subject, text: lines.join('\n\n'), html: layout(subject, lines) };
}

/** The code that confirms a new mobile number or contact e-mail; it says what it confirms, so a lure is visible. */
export function contactChangeCodeMail(name: string, code: string, change: string, validForSeconds: number): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Seu código para confirmar a alteração dos dados de contato (${change}) é ${code}.`,
    `Ele vale por ${validity(validForSeconds)} e só pode ser usado uma vez. Se não foi você que pediu, não informe o código a ninguém e troque sua senha.`,
  ];
  return {
    subject: `Código para alterar seus dados de contato: ${code}`,
    text: lines.join('\n\n'),
    html: layout('Alteração dos dados de contato', lines),
  };
}

/** Sent to the contact that was replaced, after the change. */
export function contactChangedMail(name: string, changes: string[]): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    'Os dados de contato da sua conta no Prata foram alterados:',
    ...changes,
    'Se não foi você, troque sua senha e fale conosco imediatamente.',
  ];
  return {
    subject: 'Seus dados de contato foram alterados',
    text: lines.join('\n\n'),
    html: layout('Dados de contato alterados', lines),
  };
}

/** The code that confirms a money withdrawal, bound to its amount. */
export function withdrawalCodeMail(name: string, code: string, amount: string, validForSeconds: number): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Seu código para confirmar a retirada de ${amount} é ${code}.`,
    `Ele vale por ${validity(validForSeconds)} e só pode ser usado uma vez. Se não foi você que pediu, não informe o código a ninguém e troque sua senha.`,
  ];
  return {
    subject: `Código para retirar dinheiro: ${code}`,
    text: lines.join('\n\n'),
    html: layout('Retirada de dinheiro', lines),
  };
}

/** A deposit entered the balance (Pix paid, or a TED an operator confirmed). */
export function depositCreditedMail(
  name: string,
  amount: string,
  method: 'pix' | 'ted',
  /** a sentence of the deposit's own (a cancelled saving plan's charge: nothing was bought) */
  note: string | null = null,
): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Recebemos seu depósito de ${amount} por ${method === 'pix' ? 'Pix' : 'TED'}. O valor já está no seu saldo.`,
    ...(note ? [note] : []),
  ];
  return {
    subject: `Depósito de ${amount} creditado`,
    text: lines.join('\n\n'),
    html: layout('Depósito creditado', lines),
  };
}

/** A deposit or a withdrawal refused (by an operator, or by the bank), with the reason. */
export function moneyRejectedMail(name: string, title: string, sentence: string, reason: string): Rendered {
  const lines = [`Olá, ${firstName(name)}!`, sentence, `Motivo: ${reason}`];
  return { subject: title, text: lines.join('\n\n'), html: layout(title, lines) };
}

/** A withdrawal paid: the money left for the customer's bank. */
export function withdrawalPaidMail(name: string, net: string, destination: string): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Enviamos ${net} para ${destination}. Transferências Pix chegam em instantes; TED pode levar até 1 dia útil.`,
  ];
  return { subject: `Retirada de ${net} enviada`, text: lines.join('\n\n'), html: layout('Retirada enviada', lines) };
}

/**
 * A Pix order just made (the buyer may close the tab): its number, the amount, the Pix copy-and-paste code to pay it
 * from the bank's app, until when it can be paid, and the link back to the order's page (its QR code and status).
 */
export function silverPixMail(
  name: string,
  order: { id: number; total: string; items: string; pixCopiaECola: string; expiresAt: string; url: string },
): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Recebemos o seu pedido de prata nº ${order.id} (${order.items}). Para confirmá-lo, pague o Pix de ${order.total} até ${order.expiresAt} (horário de Brasília); depois disso o pedido expira e é cancelado sozinho.`,
    'Pix copia e cola (cole no aplicativo do seu banco, em Pix > Pix copia e cola):',
    order.pixCopiaECola,
    'Assim que o pagamento chegar, enviamos outro e-mail com a confirmação.',
  ];
  const title = `Pedido de prata nº ${order.id}: pague com Pix`;
  return {
    subject: title,
    text: `${lines.join('\n\n')}\n\nVer o pedido e o QR Code: ${order.url}`,
    html: layout(title, lines, { label: 'Ver o pedido e o QR Code', url: order.url }),
  };
}

/** A silver order (a purchase of bars, or a withdrawal of the customer's own) is paid: it goes to packing. */
export function silverPaidMail(
  name: string,
  order: { id: number; kind: 'purchase' | 'custody'; total: string; items: string; byBalance: boolean },
): Rendered {
  const what = order.kind === 'purchase' ? 'compra de prata' : 'retirada de prata';
  const paid = order.byBalance
    ? `As taxas de ${order.total} e a prata foram reservadas do seu saldo.`
    : `Recebemos o Pix de ${order.total}.`;
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Sua ${what} nº ${order.id} (${order.items}) está confirmada. ${paid}`,
    'Agora embalamos as barras e as entregamos à transportadora; você receberá outro e-mail com o código de rastreio.',
  ];
  const title = `Pedido de prata nº ${order.id} confirmado`;
  return { subject: title, text: lines.join('\n\n'), html: layout(title, lines) };
}

/** A silver order left with the carrier: its tracking code. */
export function silverSentMail(
  name: string,
  order: { id: number; carrier: string; service: string; trackingCode: string; deliveryDays: number },
): Rendered {
  const days = `${order.deliveryDays} ${order.deliveryDays === 1 ? 'dia útil' : 'dias úteis'}`;
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Seu pedido de prata nº ${order.id} foi enviado por ${order.carrier} (${order.service}).`,
    `Código de rastreio: ${order.trackingCode}`,
    `O prazo da transportadora é de ${days}. Acompanhe a entrega no site da transportadora com o código acima.`,
  ];
  const title = `Pedido de prata nº ${order.id} enviado`;
  return { subject: title, text: lines.join('\n\n'), html: layout(title, lines) };
}

/** The code that confirms a silver transfer: the quantity and the receiver it was asked for. */
export function transferCodeMail(
  name: string,
  code: string,
  transfer: { grams: string; receiverEmail: string },
  validForSeconds: number,
): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Seu código para confirmar a transferência de ${transfer.grams} de prata para ${transfer.receiverEmail} é ${code}.`,
    `Ele vale por ${validity(validForSeconds)} e só confirma esta quantidade para este recebedor. Se não foi você que pediu, não informe o código a ninguém e troque sua senha.`,
  ];
  return {
    subject: `Código para transferir prata: ${code}`,
    text: lines.join('\n\n'),
    html: layout('Transferência de prata', lines),
  };
}

/** The receiver of a transfer: the grams are in their balance. */
export function transferReceivedMail(
  name: string,
  transfer: { id: number; grams: string; sender: string; message: string | null },
): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `${transfer.sender} transferiu ${transfer.grams} de prata para você (transferência nº ${transfer.id}). A prata já está no seu saldo.`,
    ...(transfer.message ? [`Mensagem: “${transfer.message}”`] : []),
  ];
  const title = `Você recebeu ${transfer.grams} de prata`;
  return { subject: title, text: lines.join('\n\n'), html: layout(title, lines) };
}

/**
 * A transfer to an e-mail with no account: how to receive it (register with this e-mail and the CPF the sender typed,
 * before the date). Says nothing of the sender beyond a name.
 */
export function transferInvitationMail(
  transfer: { grams: string; sender: string; message: string | null; until: string },
  registerUrl: string,
): Rendered {
  const lines = [
    'Olá!',
    `${transfer.sender} transferiu ${transfer.grams} de prata para este e-mail no Prata, a plataforma de custódia de prata.`,
    `Para receber, cadastre-se com este e-mail e com o seu CPF até ${transfer.until}. Assim que o cadastro for aprovado, a prata entra no seu saldo. Depois dessa data, ela volta para quem enviou.`,
    ...(transfer.message ? [`Mensagem: “${transfer.message}”`] : []),
    'Se você não conhece quem enviou, ignore esta mensagem.',
  ];
  const title = `${transfer.grams} de prata esperam por você`;
  return {
    subject: title,
    text: `${lines.join('\n\n')}\n\nCadastrar-se: ${registerUrl}`,
    html: layout(title, lines, { label: 'Cadastrar-se', url: registerUrl }),
  };
}

/** A transfer to an e-mail with no account ended without its receiver: the grams are back with the sender. */
export function transferReturnedMail(
  name: string,
  transfer: { id: number; grams: string; receiverEmail: string; reason: 'expired' | 'cancelled' },
): Rendered {
  const why =
    transfer.reason === 'expired'
      ? `${transfer.receiverEmail} não concluiu o cadastro a tempo`
      : 'você cancelou a transferência';
  const lines = [
    `Olá, ${firstName(name)}!`,
    `A transferência nº ${transfer.id} de ${transfer.grams} de prata para ${transfer.receiverEmail} foi encerrada: ${why}. A prata voltou ao seu saldo.`,
  ];
  const title = `Transferência nº ${transfer.id} devolvida ao seu saldo`;
  return { subject: title, text: lines.join('\n\n'), html: layout(title, lines) };
}

/** A transfer to an e-mail with no account reached its receiver: they registered and were approved. */
export function transferClaimedMail(
  name: string,
  transfer: { id: number; grams: string; receiverEmail: string },
): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `${transfer.receiverEmail} concluiu o cadastro e recebeu os ${transfer.grams} de prata da transferência nº ${transfer.id}.`,
  ];
  const title = `Transferência nº ${transfer.id} recebida`;
  return { subject: title, text: lines.join('\n\n'), html: layout(title, lines) };
}

/** A visitor's code to open a support ticket (spec 3 "Visitor ticket"). */
export function ticketCodeMail(code: string, validForSeconds: number): Rendered {
  const lines = [
    'Olá!',
    `Seu código para abrir um ticket de atendimento no Prata é ${code}.`,
    `Ele vale por ${validity(validForSeconds)} e só pode ser usado uma vez. Se não foi você que pediu, ignore esta mensagem.`,
  ];
  return {
    subject: `Código para abrir seu ticket: ${code}`,
    text: lines.join('\n\n'),
    html: layout('Ticket de atendimento', lines),
  };
}

/** The support team answered a ticket (or closed it with a last message): the answer, and where to read the rest. */
export function ticketAnsweredMail(
  name: string | null,
  ticket: { id: number; subject: string; message: string | null; closed: boolean; url: string },
): Rendered {
  const hello = name ? `Olá, ${firstName(name)}!` : 'Olá!';
  const what = ticket.closed
    ? `Seu ticket nº ${ticket.id} (“${ticket.subject}”) foi fechado pela nossa equipe.`
    : `Respondemos ao seu ticket nº ${ticket.id} (“${ticket.subject}”).`;
  const lines = [hello, what, ...(ticket.message ? [ticket.message] : [])];
  const next = ticket.closed
    ? 'Conte como foi o atendimento: a avaliação leva menos de um minuto.'
    : 'Para responder ou enviar anexos, entre na sua conta e abra o ticket.';
  const subject = ticket.closed ? `Ticket nº ${ticket.id} fechado` : `Resposta ao ticket nº ${ticket.id}`;
  return {
    subject,
    text: `${[...lines, next].join('\n\n')}\n\nVer o ticket: ${ticket.url}`,
    html: layout(subject, [...lines, next], { label: 'Ver o ticket', url: ticket.url }),
  };
}

/** A price alert fired (features/price-alerts): the trade's price against the customer's, and where to trade. */
export function priceAlertMail(name: string, title: string, sentence: string, url: string): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    sentence,
    'Este alerta não dispara de novo. Para ser avisado outra vez, crie um novo alerta.',
  ];
  return {
    subject: title,
    text: `${lines.join('\n\n')}\n\nVer o mercado: ${url}`,
    html: layout(title, lines, { label: 'Ver o mercado', url }),
  };
}

/** A Pix Automático authorisation the payer's bank ended: the saving plan stopped, and why. */
export function savingAuthorizationEndedMail(name: string, amount: string, reason: string, url: string): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `A sua poupança automática de ${amount} foi encerrada: a autorização do Pix Automático terminou.`,
    `Motivo: ${reason}`,
    'Nenhuma nova cobrança será feita. Para voltar a poupar, crie uma nova poupança automática.',
  ];
  return {
    subject: 'Sua poupança automática foi encerrada',
    text: [...lines, url].join('\n\n'),
    html: layout('Poupança automática encerrada', lines, { label: 'Ver poupança automática', url }),
  };
}

/** "Perdi minha chave de acesso": the customer is told at once, before the e-mail code may replace the passkey. */
export function passkeyFallbackMail(name: string, waitSeconds: number): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    `Alguém acertou a senha da sua conta no Prata e pediu para entrar sem a chave de acesso. Por segurança, o código por e-mail só poderá ser pedido daqui a ${validity(waitSeconds)}.`,
    'Se foi você, aguarde e entre com o código. Se não foi você, altere sua senha agora: quem pediu conhece a sua senha.',
  ];
  return {
    subject: 'Pedido de acesso sem a chave de acesso',
    text: lines.join('\n\n'),
    html: layout('Acesso sem a chave de acesso', lines),
  };
}

/** A passkey was created or removed: the customer hears of every change to how their account is opened. */
export function passkeyChangedMail(name: string, passkeyName: string, change: 'created' | 'removed'): Rendered {
  const what = change === 'created' ? 'criada' : 'removida';
  const lines = [
    `Olá, ${firstName(name)}!`,
    `A chave de acesso "${passkeyName}" foi ${what} na sua conta no Prata.`,
    'Se não foi você, altere sua senha e fale conosco.',
  ];
  return {
    subject: `Chave de acesso ${what}`,
    text: lines.join('\n\n'),
    html: layout(`Chave de acesso ${what}`, lines),
  };
}

/**
 * A sign-in from a device none of the customer's earlier sessions came from (features/devices), with the link that ends
 * that session without signing in.
 */
export function newDeviceMail(
  name: string,
  signIn: { when: string; device: string; place: string; ip: string | null },
  url: string,
  validForSeconds: number,
): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    'Sua conta no Prata foi acessada de um dispositivo novo:',
    `${signIn.device}, ${signIn.place}${signIn.ip ? ` (IP ${signIn.ip})` : ''}, em ${signIn.when}.`,
    'Se foi você, não precisa fazer nada.',
    `Se não foi você, encerre essa sessão agora pelo link abaixo (vale por ${validity(validForSeconds)}, não precisa entrar na conta) e troque sua senha.`,
  ];
  return {
    subject: 'Novo acesso à sua conta no Prata',
    text: `${lines.join('\n\n')}\n\nEncerrar essa sessão: ${url}`,
    html: layout('Novo acesso à sua conta', lines, { label: 'Encerrar essa sessão', url }),
  };
}

/** The copy of a customer's data is ready (docs/privacy.md): the link downloads the ZIP until it expires. */
export function privacyExportReadyMail(name: string, url: string, validUntil: string): Rendered {
  const lines = [
    `Olá, ${firstName(name)}!`,
    'A cópia dos seus dados na Prata que você pediu está pronta: um arquivo ZIP com os dados em formato JSON, os seus documentos e anexos e um resumo em PDF.',
    `O link vale até ${validUntil}. Depois disso o arquivo é apagado, e você pode pedir uma nova cópia em Meus dados, na aba Privacidade e dados.`,
  ];
  return {
    subject: 'Seus dados na Prata estão prontos para download',
    text: `${lines.join('\n\n')}\n\nBaixar meus dados: ${url}\n\nSe você não pediu esta cópia, altere sua senha e fale com o nosso atendimento.`,
    html: layout(
      'Seus dados estão prontos',
      [...lines, 'Se você não pediu esta cópia, altere sua senha e fale com o nosso atendimento.'],
      {
        label: 'Baixar meus dados',
        url,
      },
    ),
  };
}
