/**
 * Company identity and every URL that leaves the app, in one place: the web app's header and footer
 * (apps/web/src/config/site.ts) and the server's first paint of the catalogue draw them. Operators change these here,
 * never in components.
 */
export const COMPANY = {
  brand: 'Prata',
  razaoSocial: 'Prata Metais Preciosos Ltda',
  cnpj: '12.ABC.345/01DE-35',
  address: 'Avenida Paulista, 1000, 10º andar, Bela Vista, São Paulo - SP, CEP 01310-100',
  tagline: 'Prata com liquidez garantida e custódia integrada',
} as const;

export const EXTERNAL_LINKS = {
  jewelry: 'https://joias.prata.example',
  refining: 'https://refino.prata.example',
  appStore: 'https://apps.apple.com/br/app/prata/id0000000000',
  googlePlay: 'https://play.google.com/store/apps/details?id=example.prata',
} as const;
