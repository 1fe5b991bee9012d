/**
 * The demo's FAQs, contact information and ticket categories (features/support/demo.ts), in Portuguese. The answers
 * describe how Prata works (docs/orders.md, docs/silver.md, docs/configuration.md); operators edit them in the back
 * office.
 */

export const DEMO_FAQS: Array<{ question: string; answer: string }> = [
  {
    question: 'O que é a custódia de prata do Prata?',
    answer:
      '<p>Quando você compra prata no Prata, os gramas ficam guardados em seu nome no cofre da plataforma: é a <strong>custódia</strong>. O seu saldo em prata mostra quantos gramas são seus, com duas casas decimais.</p><p>Com a prata em custódia você pode vendê-la a qualquer momento no livro de ordens, transferi-la para outro cliente sem custo ou pedir a retirada em barras físicas, entregues no seu endereço.</p>',
  },
  {
    question: 'Como compro e vendo prata?',
    answer:
      '<p>Em <strong>Ordens</strong> você compra e vende prata por grama. Há dois tipos de ordem:</p><ul><li><strong>A mercado</strong>: executa na hora, pelos melhores preços disponíveis no livro.</li><li><strong>Limitada</strong>: você escolhe o preço por grama; a ordem fica aguardando até alguém aceitar esse preço, e pode ser cancelada enquanto estiver pendente.</li></ul><p>Antes de confirmar, a tela mostra o valor, a taxa, o IOF e o total. Você nunca paga mais do que o resumo mostrou.</p>',
  },
  {
    question: 'Quais são as taxas e como funciona o IOF?',
    answer:
      '<p>Cada ordem executada paga uma taxa de negociação de <strong>0,50% do valor, com mínimo de R$ 5,00 por ordem</strong>. Sobre o valor somado à taxa incide o <strong>IOF de 0,38%</strong>, recolhido pela plataforma.</p><p>Na compra, o total é valor + taxa + IOF; na venda, você recebe o valor menos a taxa e o IOF. Os percentuais em vigor aparecem no resumo de cada ordem antes da confirmação.</p>',
  },
  {
    question: 'Como deposito dinheiro na minha conta?',
    answer:
      '<p>Em <strong>Adicionar dinheiro</strong> escolha:</p><ul><li><strong>Pix</strong>: geramos um QR Code e um código copia e cola. O valor entra no saldo assim que o banco confirma o pagamento, normalmente em segundos.</li><li><strong>TED</strong>: transfira para a conta da empresa mostrada na tela e envie o comprovante. Nossa equipe confere e credita em até 1 dia útil.</li></ul><p>O depósito precisa sair de uma conta no seu nome (mesmo CPF ou CNPJ do cadastro).</p>',
  },
  {
    question: 'Como retiro dinheiro e quanto custa?',
    answer:
      '<p>Em <strong>Retirar dinheiro</strong> escolha uma chave Pix ou conta bancária cadastrada em seu nome, informe o valor (mínimo de R$ 10,00) e confirme com o código enviado ao seu e-mail.</p><p>As <strong>duas primeiras retiradas de cada mês são grátis</strong>; a partir da terceira, cobramos R$ 9,90, descontados do valor. Para chave Pix CPF o dinheiro chega na hora; para as demais, em até 24 horas.</p>',
  },
  {
    question: 'Posso transferir prata para outra pessoa?',
    answer:
      '<p>Sim, e sem custo. Em <strong>Transferir prata</strong> informe o e-mail de quem vai receber, a quantidade em gramas e, se quiser, uma mensagem de até 40 caracteres. Para sua segurança, a transferência é confirmada com um código enviado ao seu e-mail.</p><p>Se o recebedor ainda não tiver conta, pedimos também o CPF dele; a prata fica reservada até ele se cadastrar com esse e-mail e CPF. O comprovante fica disponível no seu histórico, em <em>Prata transferida</em>.</p>',
  },
  {
    question: 'Como recebo a prata em barras físicas?',
    answer:
      '<p>Em <strong>Retirar prata</strong> escolha o tipo de barra, a quantidade, o endereço de entrega e a transportadora. A tela mostra o custo de cunhagem, o frete, o seguro e os impostos (ICMS, DIFAL, PIS e COFINS) antes do pagamento, que pode ser feito por Pix ou com o seu saldo.</p><p>Os gramas das barras saem do seu saldo em prata. Quando o pedido é enviado, você recebe por e-mail o código de rastreio.</p>',
  },
  {
    question: 'Preciso declarar a prata no Imposto de Renda?',
    answer:
      '<p>Sim. Na declaração anual (IRPF), informe a prata que você tinha em 31 de dezembro em <em>Bens e Direitos</em> pelo custo de aquisição, sempre que o total dos seus bens passar de R$ 5.000,00.</p><p>Vendas que somem mais de R$ 35.000,00 no mês e tenham lucro pagam imposto de 15% a 22,5% sobre o ganho, por meio de DARF, até o último dia útil do mês seguinte. Na página <strong>IRPF</strong> você encontra um guia e exporta as suas ordens realizadas no ano.</p>',
  },
  {
    question: 'Por que meu cadastro ainda está em análise?',
    answer:
      '<p>Para movimentar dinheiro e prata, a lei exige que conheçamos nossos clientes. Depois que você completa os dados pessoais, o endereço e a declaração FATCA (ou os dados da empresa), nossa equipe de compliance analisa o cadastro, normalmente em até 1 dia útil.</p><p>Você recebe um e-mail com o resultado. Se faltar algum documento, o motivo aparece em <strong>Meus dados</strong>.</p>',
  },
  {
    question: 'Como funciona o código de verificação ao entrar?',
    answer:
      '<p>Além da senha, todo acesso pede um código de seis dígitos enviado ao seu e-mail ou celular. O código vale por 10 minutos, só pode ser usado uma vez e é bloqueado após 5 tentativas erradas. Um novo código pode ser pedido depois de 60 segundos.</p><p>Nunca pedimos sua senha ou seus códigos por telefone, e-mail ou WhatsApp. Se alguém pedir, não informe e fale com a gente.</p>',
  },
  {
    question: 'Qual é o meu limite de negociação?',
    answer:
      '<p>Cada cliente começa com um limite anual de negociação de <strong>R$ 50.000,00</strong>. Se precisar de mais, peça o aumento em <strong>Meus dados &gt; Aumentar limite</strong>, enviando comprovantes de renda ou patrimônio. Nossa equipe analisa o pedido e responde por e-mail.</p>',
  },
  {
    question: 'Como falo com o atendimento?',
    answer:
      '<p>Abra um ticket em <strong>Contato</strong>: escolha o assunto, descreva o que aconteceu e, se ajudar, anexe imagens ou PDFs. Respondemos pelo próprio ticket e avisamos por e-mail. Sem conta? Use <a href="/contato/ticket/visitante">o formulário de visitante</a>, confirmando seu e-mail com um código.</p><p>Nosso horário de atendimento é de segunda a sexta, das 9h às 18h.</p>',
  },
];

export const DEMO_CONTACT: Record<string, string> = {
  company_line_1: 'Prata Metais Preciosos Ltda',
  company_line_2: 'CNPJ 12.ABC.345/01DE-35',
  company_line_3: 'Custódia e negociação de prata física',
  address_line_1: 'Avenida Paulista, 1000, 10º andar',
  address_line_2: 'Bela Vista, São Paulo – SP',
  address_line_3: 'CEP 01310-100',
  opening_hours_line_1: 'Segunda a sexta, das 9h às 18h',
  opening_hours_line_2: 'Sábados, das 9h às 13h',
  opening_hours_line_3: 'Exceto feriados nacionais',
  phones_line_1: '(11) 4000-1234 – capitais e regiões metropolitanas',
  phones_line_2: '0800 000 1234 – demais localidades',
  phones_line_3: 'WhatsApp: (11) 98765-4321',
  emails_line_1: 'atendimento@prata.dev',
  emails_line_2: 'ouvidoria@prata.dev',
  emails_line_3: 'imprensa@prata.dev',
  whatsapp_channel_url: 'https://whatsapp.com/channel/prata-demo',
  telegram_channel_url: 'https://t.me/prata_demo',
  instagram_profile_url: 'https://instagram.com/prata.demo',
  twitter_profile_url: 'https://twitter.com/prata_demo',
  youtube_channel_url: 'https://youtube.com/@prata-demo',
  sister_businesses: 'Ouro Custódia|https://ouro.example.com\nCofre Numismática|https://numismatica.example.com',
};

export const DEMO_CATEGORIES: Array<{ name: string; subcategories: string[] }> = [
  { name: 'Conta e cadastro', subcategories: ['Cadastro e aprovação', 'Acesso e senha', 'Dados pessoais'] },
  { name: 'Depósitos e retiradas', subcategories: ['Depósito por Pix', 'Depósito por TED', 'Retirada de dinheiro'] },
  { name: 'Ordens e negociação', subcategories: ['Compra e venda', 'Taxas e IOF', 'Limite de negociação'] },
  { name: 'Prata física', subcategories: ['Compra de barras', 'Retirada da custódia', 'Entrega e rastreio'] },
  { name: 'Transferências', subcategories: ['Transferência de prata'] },
  { name: 'Impostos', subcategories: ['IRPF e declaração'] },
  { name: 'Outros assuntos', subcategories: ['Sugestões', 'Outros'] },
];
