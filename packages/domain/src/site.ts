/**
 * Company identity, in one place: the web app's footer (apps/web/src/config/site.ts) and the server's first paint of
 * the catalogue draw it. Operators change it here, never in components. The addresses outside the app (jewelry,
 * refining, the app stores) are settings of the server (JEWELRY_URL and others, docs/configuration.md), answered by
 * GET /api/site.
 */
export const COMPANY = {
  brand: 'Prata',
  razaoSocial: 'Prata Metais Preciosos Ltda',
  cnpj: '12.ABC.345/01DE-35',
  address: 'Avenida Paulista, 1000, 10º andar, Bela Vista, São Paulo - SP, CEP 01310-100',
  tagline: 'Prata com liquidez garantida e custódia integrada',
} as const;
