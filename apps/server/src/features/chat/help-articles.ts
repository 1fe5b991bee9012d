/**
 * Auro's help articles: short answers about using Prata, beside the FAQs operators keep (features/support). Each is
 * plain Portuguese text the embedded model quotes whole, so keep them short, true to the product (docs/orders.md,
 * docs/silver.md, docs/decisions.md) and free of figures that operators change (rates are "shown on the screen").
 * `keywords` are the words people use that the text does not (synonyms, slang, typos are left to the search).
 */
export type HelpArticle = { id: string; title: string; text: string; keywords: string };

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    id: 'comprar-barras',
    title: 'Como comprar barras de prata',
    text: 'Em /comprar-prata escolha a barra, a quantidade e adicione ao carrinho. Quem não tem conta compra como visitante: informe seus dados e o endereço de entrega, escolha o frete e pague por Pix. Quem tem conta entra com e-mail e senha e pode pagar por Pix. O preço da prata vem das ofertas de venda da própria Prata; o resumo mostra cunhagem, seguro, frete e impostos antes do pagamento, e você nunca paga mais do que o resumo mostrou.',
    keywords: 'barra lingote catalogo loja carrinho checkout visitante sem cadastro pix preço',
  },
  {
    id: 'negociar-por-grama',
    title: 'Como comprar e vender prata por grama',
    text: 'Clientes com cadastro aprovado negociam prata por grama em /ordens. Você pode comprar ou vender com uma ordem limitada (escolhe o preço por grama e a ordem espera no livro até alguém aceitar) ou a mercado (negocia na hora pelos melhores preços do livro). Também dá para clicar em uma oferta da tabela e aceitá-la. A prata comprada fica guardada em custódia, no seu saldo em gramas, e o valor de uma venda entra no seu saldo em reais.',
    keywords: 'ordem ordens negociar investir comprar vender grama gramas livro de ofertas book trade trading',
  },
  {
    id: 'taxas-e-iof',
    title: 'Taxa operacional e IOF das ordens',
    text: 'Cada ordem paga uma taxa operacional, um percentual do valor com mínimo de R$ 5,00 por ordem, e o IOF, calculado sobre o valor mais a taxa. Na compra o total é valor + taxa + IOF; na venda você recebe valor − taxa − IOF. O resumo da ordem mostra as taxas e o VET (valor efetivo por grama) antes de você confirmar. Se o livro ou as taxas mudarem antes da confirmação, a ordem é recusada e a tela mostra o novo resumo: você nunca paga mais do que viu.',
    keywords: 'taxa taxas tarifa custo custos corretagem iof imposto operacao vet valor efetivo minimo cinco reais',
  },
  {
    id: 'ordens-limitadas-e-cancelamento',
    title: 'Ordens limitadas, a mercado e cancelamento',
    text: 'Uma ordem limitada negocia enquanto houver preço compatível e o resto fica aberto no livro, com a sua prioridade de tempo. Uma ordem a mercado negocia tudo na hora ou nada: se o livro não tiver a quantidade inteira, ela é recusada. Enquanto uma ordem está aberta, o dinheiro (compra) ou a prata (venda) ficam reservados. Você pode cancelar a parte ainda aberta em /ordens; o que estava reservado volta ao saldo na hora.',
    keywords: 'ordem aberta pendente cancelar cancelamento parcial reservado bloqueado mercado limitada',
  },
  {
    id: 'limite-anual',
    title: 'Limite anual de negociação',
    text: 'Cada cliente tem um limite anual de negociação: a soma do que comprou e vendeu no ano, mais o valor das ordens abertas, não pode passar dele. O limite e quanto ainda resta aparecem na tela de ordens. Para negociar mais, peça o aumento do limite em Meus dados; a equipe analisa o pedido.',
    keywords: 'limite negociacao aumentar aumento anual teto valor maximo ordens',
  },
  {
    id: 'deposito-pix',
    title: 'Como depositar dinheiro por Pix',
    text: 'Em /adicionar-dinheiro escolha Pix, informe o valor (mínimo de R$ 5,00) e pague o QR Code ou o código Pix copia e cola no aplicativo do seu banco. O dinheiro entra no seu saldo em reais assim que o pagamento é confirmado, normalmente em instantes. Você pode ter no máximo 5 cobranças Pix em aberto; as que não quiser mais pagar podem ser canceladas no histórico.',
    keywords: 'deposito depositar adicionar colocar dinheiro saldo pix qr code copia e cola transferir para a prata',
  },
  {
    id: 'deposito-ted',
    title: 'Como depositar dinheiro por TED',
    text: 'Em /adicionar-dinheiro escolha TED: a tela mostra a conta da Prata (banco, agência, conta e CNPJ). Faça a TED e depois informe o valor e envie o comprovante (PDF ou imagem de até 5 MB). A equipe confere o comprovante e o dinheiro entra no saldo quando o depósito é aprovado. Você acompanha o depósito em Meu histórico.',
    keywords: 'ted doc transferencia bancaria deposito comprovante conta banco agencia',
  },
  {
    id: 'saque-dinheiro',
    title: 'Como sacar dinheiro',
    text: 'Em /retirar-dinheiro informe o valor e escolha para onde vai o dinheiro: uma chave Pix ou uma conta bancária cadastrada em Meus dados, sempre em seu nome. Confirme com o código enviado ao seu e-mail. Saques para chave Pix do tipo CPF são instantâneos; os demais podem levar até 24 horas. Os dois primeiros saques de cada mês são grátis; a partir do terceiro, a tarifa de R$ 9,90 é descontada do valor sacado. O valor mínimo aparece na tela de saque.',
    keywords: 'saque sacar retirar dinheiro resgatar resgate transferir para meu banco pix conta tarifa gratis prazo',
  },
  {
    id: 'retirada-prata-fisica',
    title: 'Como retirar prata física pelo correio',
    text: 'Em /retirar-prata você transforma gramas do seu saldo em barras entregues em casa: escolha o produto, a quantidade, um endereço cadastrado e o frete. O resumo mostra cunhagem, frete, seguro e os impostos (ICMS, DIFAL, PIS e COFINS). Pague por Pix ou com o saldo em reais. Enquanto o pedido estiver pendente, você pode cancelá-lo em Meu histórico, na aba de prata retirada.',
    keywords: 'retirada retirar prata fisica barra receber em casa entrega correio envio cunhagem resgate fisico',
  },
  {
    id: 'entrega-e-rastreio',
    title: 'Prazo de entrega e rastreamento das barras',
    text: 'Depois do pagamento, a equipe embala e envia as barras pela transportadora escolhida (Correios ou Jadlog). Quando o pedido é enviado você recebe um e-mail com o código de rastreamento, que também aparece em Meu histórico. O prazo de entrega em dias úteis é o da opção de frete que você escolheu; a entrega vai com seguro.',
    keywords: 'prazo entrega rastreio rastreamento codigo correios sedex pac jadlog enviado chegou demora',
  },
  {
    id: 'impostos-barras',
    title: 'Impostos na compra e retirada de barras',
    text: 'Barras de prata são mercadoria: sobre a base (prata, cunhagem, seguro e frete) incidem ICMS, PIS e COFINS, e DIFAL quando a entrega é em outro estado. Os impostos são somados por fora e aparecem linha a linha no resumo antes do pagamento, com um botão de informação explicando cada um. A nota fiscal do produto fica em Minhas notas.',
    keywords: 'icms difal pis cofins imposto impostos tributo nota barra mercadoria estado',
  },
  {
    id: 'cupom-desconto',
    title: 'Cupons de desconto',
    text: 'Um cupom de desconto é informado no resumo da compra ou da retirada de barras. O desconto vale sobre as cobranças da plataforma (cunhagem, seguro e frete), nunca sobre o valor da prata nem sobre os impostos. Se o cupom não for aceito, a tela explica o motivo.',
    keywords: 'cupom codigo promocional desconto promocao voucher',
  },
  {
    id: 'transferir-prata',
    title: 'Como transferir prata para outra pessoa',
    text: 'Em /transferir-prata informe o e-mail de quem vai receber e a quantidade em gramas; se a pessoa ainda não tem conta, informe também o CPF dela. Você pode escrever uma mensagem de até 40 caracteres. A transferência não tem custo. Confirme com o código enviado ao seu e-mail; depois baixe o comprovante. As transferências ficam em Meu histórico, na aba de prata transferida.',
    keywords:
      'transferir transferencia enviar mandar presentear presente prata gramas outro cliente amigo email cpf gratis',
  },
  {
    id: 'saldo-e-custodia',
    title: 'Saldo em reais, saldo em gramas e custódia',
    text: 'Sua conta tem dois saldos: reais e gramas de prata. A prata comprada por grama fica em custódia, guardada no cofre da empresa, e pode ser vendida, transferida ou retirada em barras. Parte do saldo pode aparecer reservada enquanto uma ordem, um saque ou uma retirada estão em andamento. No menu lateral você vê os saldos e pode ocultá-los, e também o preço médio por grama.',
    keywords: 'saldo saldos custodia cofre guardada onde fica minha prata reservado bloqueado ocultar esconder',
  },
  {
    id: 'irpf-declarar',
    title: 'Imposto de renda: como declarar a prata',
    text: 'Em /irpf você encontra o guia do imposto de renda, escolhe o ano e exporta para Excel as ordens concluídas, com a posição em 31 de dezembro e o custo médio por grama. Pelas regras mostradas no guia, quem tem mais de R$ 5.000,00 em prata deve declará-la como bem. Esta é uma orientação geral: confirme os detalhes com um contador.',
    keywords:
      'imposto de renda irpf declarar declaracao receita federal bens e direitos exportar excel planilha informe',
  },
  {
    id: 'irpf-ganho-capital',
    title: 'Ganho de capital na venda de prata',
    text: 'Pelas regras mostradas no guia de /irpf, quando as vendas de um mês passam de R$ 35.000 e há lucro, o ganho é tributado de 15% a 22,5%, pago por DARF até o último dia útil do mês seguinte. Vendas abaixo desse valor ficam isentas, mas também são informadas na declaração. O custo médio por grama da exportação ajuda a calcular o lucro. Confirme os detalhes com um contador.',
    keywords: 'ganho de capital lucro darf venda isencao isento 35 mil imposto sobre lucro aliquota',
  },
  {
    id: 'afiliados',
    title: 'Programa de afiliados',
    text: 'Em /afiliados, clientes aprovados recebem um cupom e um link de indicação. Quem se cadastra pelo link ou com o cupom fica registrado como seu indicado, e as recompensas pelas operações dos indicados, durante a validade do programa, entram no seu saldo e aparecem na tabela de recompensas. A página mostra seus indicados e a situação de cada um.',
    keywords: 'afiliado afiliados indicar indicacao indicado link convite recompensa bonus comissao ganhar',
  },
  {
    id: 'seguranca-conta',
    title: 'Segurança da sua conta',
    text: 'Toda entrada na conta pede a senha e um código de 6 dígitos enviado por e-mail ou SMS; saques e transferências pedem outro código. A Prata nunca pede sua senha nem seus códigos por telefone, e-mail ou chat: não os compartilhe com ninguém. Use uma senha forte, de pelo menos 8 caracteres, só sua. Se suspeitar de acesso indevido, troque a senha em Meus dados e abra um ticket.',
    keywords: 'seguranca golpe fraude senha codigo sms verificacao duas etapas invadida hacker proteger conta',
  },
  {
    id: 'esqueci-senha',
    title: 'Esqueci minha senha',
    text: 'Na tela de entrada clique em “Esqueci minha senha” e informe seu e-mail. Você recebe um link para criar uma nova senha, válido por 1 hora. Depois de muitas tentativas erradas a conta fica bloqueada por alguns minutos, mas a redefinição de senha continua disponível.',
    keywords: 'esqueci senha redefinir trocar recuperar acesso bloqueada nao consigo entrar login',
  },
  {
    id: 'cadastro-aprovacao',
    title: 'Cadastro e aprovação da conta',
    text: 'Depois de criar a conta e confirmar o e-mail, complete o cadastro em /register/finish: dados pessoais ou da empresa, endereço, documentos e declarações. A equipe analisa o cadastro; depósitos, saques, ordens e transferências ficam liberados quando ele é aprovado. Se algo for recusado, a tela mostra o motivo para você corrigir.',
    keywords: 'cadastro cadastrar criar conta abrir conta aprovacao aprovado analise documentos completar pendente',
  },
  {
    id: 'confirmar-email',
    title: 'Confirmação de e-mail',
    text: 'Ao criar a conta enviamos um link de confirmação para o seu e-mail, válido por 48 horas. Enquanto o e-mail não for confirmado, a conta mostra um aviso com a opção de reenviar o link. Se não encontrar a mensagem, procure na caixa de spam.',
    keywords: 'confirmar email verificar verificacao link nao recebi reenviar spam',
  },
  {
    id: 'notas-fiscais',
    title: 'Notas fiscais',
    text: 'Em /minhas-notas ficam as notas de serviço (as taxas e outros serviços pagos à Prata) e as notas de produto (as barras vendidas, com os impostos). Cada nota pode ser baixada em PDF.',
    keywords: 'nota fiscal notas nfe nfse recibo comprovante fiscal baixar pdf',
  },
  {
    id: 'atendimento-tickets',
    title: 'Falar com o atendimento',
    text: 'Em /contato você vê os canais de atendimento e seus tickets, e abre um ticket novo com assunto e mensagem; as respostas chegam por lá e pelo e-mail. Quem não tem conta abre um ticket como visitante em /contato/ticket/visitante, confirmando o e-mail com um código.',
    keywords: 'atendimento suporte ticket chamado reclamacao contato falar com humano atendente telefone',
  },
  {
    id: 'videos-educacionais',
    title: 'Vídeos educacionais',
    text: 'Em /educacional há vídeos informativos e tutoriais sobre prata e sobre como usar a plataforma. Filtre por tipo e clique em um vídeo para assistir.',
    keywords: 'video videos aprender tutorial curso educacional youtube',
  },
];
