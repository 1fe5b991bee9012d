/** The version of TERMS_HTML (legal_documents: a customer's consent names it); a new text is a new version. */
export const TERMS_VERSION = '2026-11';

/** The terms of use shipped with the product; operators may replace them (site_content 'termos'). */
export const TERMS_HTML = `
<h2>Termos de Uso da Plataforma Prata</h2>
<p>Estes Termos de Uso regulam o acesso e a utilização da plataforma Prata, que permite a compra de barras de prata física,
a custódia de prata em gramas, a negociação de prata por grama entre clientes e a movimentação de saldo em reais.</p>
<h3>1. Cadastro</h3>
<p>Para abrir uma conta, o cliente, pessoa física ou jurídica, deve fornecer dados verdadeiros, completos e atualizados,
e mantê-los assim. A Prata pode solicitar documentos para confirmar a identidade do cliente e a origem dos recursos,
conforme a legislação de prevenção à lavagem de dinheiro.</p>
<h3>2. Acesso e segurança</h3>
<p>O acesso é pessoal e intransferível e exige senha e um código de verificação enviado por e-mail ou SMS.
O cliente é responsável por manter sua senha em sigilo. Nunca pediremos sua senha por e-mail, telefone ou mensagem.</p>
<h3>3. Custódia da prata</h3>
<p>A prata adquirida e mantida em custódia é guardada em cofre e registrada em nome do cliente, em gramas com duas casas decimais.
O cliente pode solicitar a retirada física em barras, pagando as taxas de cunhagem, frete, seguro e os tributos aplicáveis.</p>
<h3>4. Negociação</h3>
<p>As ordens de compra e venda são executadas por ordem de preço e de chegada. Sobre cada ordem executada incidem a taxa
operacional e o IOF informados na tela antes da confirmação. O valor mostrado no resumo é o valor cobrado.</p>
<h3>5. Depósitos e retiradas</h3>
<p>Depósitos são aceitos por Pix ou TED de conta de mesma titularidade. Retiradas são feitas para contas e chaves Pix de
mesma titularidade, mediante código de verificação.</p>
<h3>6. Privacidade</h3>
<p>Os dados pessoais são tratados conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018), apenas para as
finalidades de prestação do serviço, cumprimento de obrigações legais e regulatórias e prevenção a fraudes.</p>
<h3>7. Encerramento</h3>
<p>O cliente pode encerrar a conta a qualquer momento, desde que não haja saldo nem operações pendentes, e pode pedir a
reabertura entrando com seu e-mail e senha.</p>
<p><em>Versão de novembro de 2026.</em></p>
`.trim();
