import type { Db } from '@/db/client';
import { TERMS_HTML, TERMS_VERSION } from '@/seed/terms';
import { PRIVACY_POLICY_HTML, PRIVACY_POLICY_VERSION } from './policy';
import { anyDataProcessor, insertDataProcessor, insertLegalDocumentVersions } from './repository';

/**
 * The processors Prata's data goes to (docs/privacy.md): the real services behind each port of adapters/. Operators
 * keep the register at /admin/privacidade; this is its first state, written once (an operator's edit is never undone).
 */
const SEED_PROCESSORS = [
  {
    name: 'Asaas Gestão Financeira',
    service: 'Pagamentos: cobranças Pix de depósitos e compras, Pix Automático e transferências das retiradas',
    data_categories:
      'Nome, CPF ou CNPJ, e-mail, valor e data de cada cobrança e de cada retirada, chave Pix e conta bancária de destino',
    purpose: 'Receber os pagamentos dos clientes e pagar as retiradas para contas da mesma titularidade',
    legal_basis: 'Execução de contrato (LGPD art. 7º, V) e cumprimento de obrigação legal (art. 7º, II)',
    country: 'Brasil',
  },
  {
    name: 'NFE.io',
    service: 'Emissão de notas fiscais (NFS-e das taxas e NF-e das barras) e consulta da situação do CPF',
    data_categories: 'Nome, CPF ou CNPJ, endereço, e-mail, valores das taxas e das barras',
    purpose: 'Emitir os documentos fiscais exigidos por lei e confirmar a regularidade do CPF no cadastro',
    legal_basis: 'Cumprimento de obrigação legal ou regulatória (LGPD art. 7º, II)',
    country: 'Brasil',
  },
  {
    name: 'Zenvia',
    service: 'Envio de SMS com códigos de acesso',
    data_categories: 'Número de celular e o texto da mensagem (código de seis dígitos)',
    purpose: 'Confirmar a identidade do cliente ao entrar na conta, quando ele escolhe receber o código por SMS',
    legal_basis: 'Execução de contrato (LGPD art. 7º, V) e prevenção à fraude (art. 11, II, g)',
    country: 'Brasil',
  },
  {
    name: 'Provedor de e-mail (SMTP)',
    service: 'Envio dos e-mails da plataforma: códigos, links, avisos e respostas do atendimento',
    data_categories: 'Nome, endereço de e-mail e o conteúdo de cada mensagem',
    purpose: 'Enviar códigos de acesso, confirmações de operações e respostas aos chamados',
    legal_basis: 'Execução de contrato (LGPD art. 7º, V)',
    country: 'Brasil',
  },
  {
    name: 'ViaCEP',
    service: 'Consulta de endereço pelo CEP',
    data_categories: 'CEP digitado no cadastro de endereço (nenhum outro dado pessoal)',
    purpose: 'Preencher rua, bairro e cidade a partir do CEP',
    legal_basis: 'Legítimo interesse (LGPD art. 7º, IX): facilitar o cadastro',
    country: 'Brasil',
  },
  {
    name: 'Provedor do modelo de linguagem do Auro',
    service: 'Respostas do assistente de conversa Auro, quando configurado com um modelo externo',
    data_categories: 'As perguntas escritas na conversa com o Auro e os trechos de ajuda usados como contexto',
    purpose: 'Responder às dúvidas do cliente sobre a plataforma',
    legal_basis: 'Consentimento ao usar o assistente (LGPD art. 7º, I)',
    country: 'Estados Unidos',
  },
] as const;

/** The current terms and privacy policy as legal_documents versions, and the processors' first register. Idempotent. */
export async function seedPrivacyReferenceData(db: Db) {
  await insertLegalDocumentVersions(db, {
    termsVersion: TERMS_VERSION,
    termsHtml: TERMS_HTML,
    policyVersion: PRIVACY_POLICY_VERSION,
    policyHtml: PRIVACY_POLICY_HTML,
  });
  if (await anyDataProcessor(db)) return;
  for (const p of SEED_PROCESSORS) await insertDataProcessor(db, p);
}
