// The profile feature's public surface for other features (the back office shows a customer's data with the same
// labels). Pages load through the router, each in its own chunk.
export type { BankingInformation } from './api/types';
export { describeBanking } from './banks';
export {
  DECLARATION_SECTIONS,
  ESTADO_CIVIL_LABELS,
  FATCA_QUESTIONS,
  formatAddress,
  REGIME_LABELS,
  SEXO_LABELS,
} from './labels';
// The address form (CEP mask, CEP lookup, city search), for the silver checkout's 'Endereço' step.
export { AddressForm } from './components/address-form';
// The 'Sexo' radio group, for the checkout's guest form.
export { SexoField } from './components/sexo-field';
