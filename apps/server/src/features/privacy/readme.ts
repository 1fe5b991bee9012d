import { PRIVACY_EXPORT_SECTION_LABELS, PRIVACY_EXPORT_SECTIONS } from '@prata/domain';

/** LEIA-ME.txt inside the ZIP: what each file is and how data.json is laid out (docs/privacy.md says the same). */
export const README_TEXT = `Seus dados na Prata
====================

Este arquivo contém tudo o que a Prata guarda sobre você, como pedido na aba "Privacidade e dados" de Meus dados
(Lei nº 13.709/2018, art. 18).

- resumo.pdf: um resumo legível, com a contagem de registros de cada seção.
- data.json: a cópia completa, legível por máquina (formato "prata.privacy-export", versão 1).
- documentos/: os documentos que você enviou no cadastro e nos pedidos de limite, como foram enviados.
- anexos/: os anexos dos seus chamados de atendimento (seus e da nossa equipe).

data.json
---------
- format, version, generated_at, request_id: o que é o arquivo, quando foi gerado e o número do pedido.
- customer: o seu cadastro (nome, e-mail, CPF, nascimento, celular, estado civil, cônjuge, datas de verificação,
  aprovação e encerramento). A senha nunca é copiada: guardamos só um hash dela.
- company: o cadastro da empresa (contas de pessoa jurídica).
- declarations: pessoa politicamente exposta e FATCA, com a data da declaração.
- sections: uma lista de registros por seção, cada registro com as colunas como estão no nosso banco de dados:
${PRIVACY_EXPORT_SECTIONS.map((s) => `    ${s}: ${PRIVACY_EXPORT_SECTION_LABELS[s]}`).join('\n')}
- files: cada arquivo das pastas documentos/ e anexos/, com o registro a que pertence e o SHA-256 do conteúdo.

Unidades: valores em dinheiro em centavos de real (campos terminados em _cents e os "amount" em BRL); quantidades de
prata em centigramas (campos terminados em _cg e os "amount" em AG; 1 g = 100 cg). Datas e horas em ISO 8601.
Em ledger_movements, "direction" diz se o valor entrou (in) ou saiu (out) da sua conta "account".
`;
