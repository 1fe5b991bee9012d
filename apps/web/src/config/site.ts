/**
 * Company identity and every URL that leaves the app: kept in @prata/domain (packages/domain/src/site.ts), since the
 * server's first paint of the catalogue draws the same header and footer. Operators change them there.
 */
export { COMPANY, EXTERNAL_LINKS } from '@prata/domain';
