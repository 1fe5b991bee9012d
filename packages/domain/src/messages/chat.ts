/**
 * Auro, the chat assistant (spec 3 §4 Chat, §5, §8). The spec gives the visitor form's words ('Campo obrigatório',
 * 'Informe um e-mail válido', in the common and auth groups); the rest is ours (docs/chat.md).
 */
export const CHAT_MESSAGES = {
  chatMessageRequired: 'Digite uma mensagem',
  chatGreeting: (name: string) =>
    `Olá, ${name}! Eu sou o Auro, o assistente virtual da Prata. Pergunte sobre compras, depósitos, saques, retiradas, transferências ou impostos que eu procuro a resposta para você.`,
  chatVisitorIntro: 'Para conversar com o Auro, informe seu nome e e-mail.',
  chatSourceFaq: (question: string) => `Fonte: Perguntas frequentes - ${question}`,
  chatSourceArticle: (title: string) => `Fonte: Artigos de ajuda - ${title}`,
  chatSeeAlso: (title: string) => `Veja também: ${title}`,
  chatAnswerLead: 'Encontrei isto na nossa central de ajuda:',
  chatNoAnswer:
    'Não encontrei uma resposta segura para isso nas perguntas frequentes nem nos artigos de ajuda. Quer abrir um ticket? Nossa equipe de suporte responde por e-mail.',
  chatSmallTalkHello:
    'Olá! Em que posso ajudar? Pergunte, por exemplo, como comprar prata ou como fazer um depósito por Pix.',
  chatSmallTalkThanks: 'Por nada! Se precisar de mais alguma coisa, é só perguntar.',
  chatOpenTicket: 'Abrir ticket',
  chatOpenTicketConfirm: 'Abrir um ticket com a equipe de suporte? Você sairá desta conversa.',
  chatEnd: 'Encerrar conversa',
  chatTooLong: 'Esta conversa chegou ao limite de mensagens. Encerre a conversa para começar outra.',
  chatEndConfirm: 'Encerrar a conversa? As mensagens serão apagadas desta janela.',
} as const;
