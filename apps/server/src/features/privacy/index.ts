// Privacy and data (docs/privacy.md): the copy of a customer's data, consents, the processors
// register, the privacy policy and the LGPD requests' queue.
export { privacyDemoEvents } from './demo';
export { seedPrivacyReferenceData } from './reference';
export { privacyRoutesWith } from './routes';
export { recordRegistrationConsents } from './service';
export { type ErasureChecks, findErasedAccount } from './erasure';
