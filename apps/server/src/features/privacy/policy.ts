/**
 * The privacy policy shipped with the product (legal_documents 'privacidade'): a new text is a new version, and the
 * customers' consents name the version they accepted. The encarregado's contact is added by the page from the settings
 * (DPO_NAME, DPO_EMAIL), so the document never carries an address that may change.
 */
export const PRIVACY_POLICY_VERSION = '2026-12';

export const PRIVACY_POLICY_HTML = `
<h2>Política de Privacidade da Plataforma Prata</h2>
<p>Esta política explica quais dados pessoais a Prata trata, por que, com quem os compartilha, por quanto tempo os guarda
e como você exerce os seus direitos previstos na Lei Geral de Proteção de Dados (Lei nº 13.709/2018, a LGPD).</p>
<h3>1. Quais dados tratamos</h3>
<p>Dados de cadastro (nome, e-mail, CPF ou CNPJ, data de nascimento, celular, estado civil e dados do cônjuge, endereços),
documentos enviados, dados bancários para retiradas, declarações de pessoa politicamente exposta e FATCA, e o registro de
todas as operações: depósitos, retiradas, ordens, negócios, transferências de prata, retiradas de barras, notas fiscais,
chamados de atendimento e os acessos à conta (data, endereço IP e navegador).</p>
<h3>2. Para que usamos</h3>
<p>Para prestar o serviço contratado (custódia e negociação de prata, movimentação de saldo), cumprir obrigações legais e
regulatórias (prevenção à lavagem de dinheiro, obrigações fiscais), prevenir fraudes e proteger a sua conta. Enviamos
e-mails de novidades e ofertas apenas com o seu consentimento, que pode ser retirado a qualquer momento em Meus dados.</p>
<h3>3. Com quem compartilhamos</h3>
<p>Com os operadores que nos prestam serviços (pagamentos, emissão de notas fiscais, envio de SMS e de e-mails, consulta de
CEP e o modelo de linguagem do assistente Auro), apenas com os dados necessários para cada serviço. A lista completa, com o
que cada um recebe e por quê, está em Meus dados, na aba Privacidade e dados. Também compartilhamos dados com autoridades
quando a lei exige.</p>
<h3>4. Por quanto tempo guardamos</h3>
<p>Enquanto a conta estiver aberta e, depois do encerramento, pelo prazo que a lei exige: os registros de operações e das
partes envolvidas são mantidos por pelo menos cinco anos (Lei nº 9.613/1998, art. 10). O que não precisa mais ser
guardado é eliminado ou anonimizado.</p>
<h3>5. Seus direitos</h3>
<p>Você pode confirmar e acessar os seus dados, corrigi-los, baixar uma cópia em formato legível por máquina, saber com
quem foram compartilhados, revogar consentimentos e pedir a eliminação do que a lei permite eliminar. Em Meus dados, na
aba Privacidade e dados, você baixa a cópia dos seus dados e gerencia seus consentimentos. Respondemos aos pedidos em até
15 dias (LGPD, art. 19).</p>
<h3>6. Segurança</h3>
<p>As senhas são guardadas com hash forte, o acesso exige um código de verificação, os documentos ficam fora da área pública
e só são entregues a você e à nossa equipe autorizada. Toda ação da equipe sobre a sua conta fica registrada.</p>
<h3>7. Encarregado</h3>
<p>O encarregado pelo tratamento de dados pessoais recebe reclamações e comunicações dos titulares e da Autoridade Nacional de
Proteção de Dados. O contato dele está no fim desta página.</p>
<p><em>Versão de dezembro de 2026.</em></p>
`.trim();
