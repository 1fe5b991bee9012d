/**
 * The least a production configuration needs to start (loadConfig refuses production without each of these; see
 * test/fail-closed.test.ts): tests that check what production does with one more setting start from it.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(32),
  SMTP_URL: 'smtp://localhost:2525',
  DPO_EMAIL: 'encarregado@example.com',
  PAYMENTS_PROVIDER: 'asaas',
  ASAAS_API_KEY: '$aact_prod_key',
  ASAAS_WEBHOOK_TOKEN: 'h'.repeat(32),
  TED_ACCOUNT: '98765-4',
  TED_HOLDER_NAME: 'Prata Metais Preciosos Ltda',
  TED_HOLDER_CNPJ: '11222333000181',
} as const;
