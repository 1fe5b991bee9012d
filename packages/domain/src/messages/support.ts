/**
 * Support: FAQs, contact information and tickets (spec 3 "Perguntas frequentes", "Entrar em contato", "Abrir ticket",
 * "Ticket details", "Visitor ticket", §5). The spec's wording is kept to the letter ('Selecione um item da lista',
 * 'Informe o assunto', 'Descreva sua mensagem'; 'Informe seu e-mail', 'Informe um e-mail válido' and 'Informe o
 * código' live in the auth group); the rest is ours (docs/support.md).
 */
export const SUPPORT_MESSAGES = {
  // the ticket form (spec 3 §5)
  ticketChooseItem: 'Selecione um item da lista',
  ticketSubjectRequired: 'Informe o assunto',
  ticketDescriptionRequired: 'Descreva sua mensagem',
  ticketStarsRequired: 'Escolha de 1 a 5 estrelas',
  ticketFileRequired: 'Escolha um arquivo para anexar',
  ticketTooManyFiles: (max: number) => `Envie no máximo ${max} arquivos de uma vez.`,
  ticketAttachmentsLimit: (max: number) => `Cada ticket aceita no máximo ${max} anexos. Exclua um para enviar outro.`,

  // answers of the ticket calls
  ticketCreated: 'Ticket aberto. Responderemos por aqui e pelo seu e-mail.',
  visitorTicketCreated: 'Ticket aberto. Enviaremos as respostas para o seu e-mail; entre na sua conta para acompanhar.',
  ticketInteractionSent: 'Mensagem enviada.',
  ticketAttachmentUploaded: 'Anexo enviado.',
  ticketAttachmentDeleted: 'Anexo excluído.',
  ticketRated: 'Obrigado pela sua avaliação!',
  ticketClosed: 'Este ticket está fechado. Para continuar o atendimento, abra um novo ticket.',
  ticketNotClosed: 'A avaliação fica disponível quando o ticket for fechado.',
  ticketAlreadyRated: 'Este ticket já foi avaliado.',
  ticketAttachmentNotYours: 'Só é possível excluir os anexos enviados por você.',
  ticketCategoryInactive: 'Esta categoria não está mais disponível. Selecione um item da lista.',

  // the visitor's e-mail check (spec 3 "Visitor ticket")
  ticketCodeSent: 'Enviamos um código para o seu e-mail. Digite-o para abrir o ticket.',
  ticketEmailVerified: 'E-mail confirmado. Agora conte como podemos ajudar.',
  ticketEmailNotVerified: 'Confirme seu e-mail com o código enviado antes de abrir o ticket.',

  // back office
  ticketAnswered: 'Resposta enviada. O cliente foi avisado por e-mail.',
  ticketClosedByStaff: 'Ticket fechado. O cliente foi avisado por e-mail.',
  faqQuestionRequired: 'Informe a pergunta',
  faqAnswerRequired: 'Informe a resposta',
  faqSaved: 'Pergunta salva.',
  faqDeleted: 'Pergunta excluída.',
  contactInfoSaved: 'Informações de contato salvas.',
  contactUrlInvalid: 'Informe um endereço completo, começando com https://',
  categoryNameRequired: 'Informe o nome',
  categorySaved: 'Categoria salva.',
  subcategorySaved: 'Subcategoria salva.',
} as const;

/** The two ticket statuses with the spec's labels (spec 3 §4). */
export const TICKET_STATUS_LABELS = { pending: 'Em análise', closed: 'Fechado' } as const;
