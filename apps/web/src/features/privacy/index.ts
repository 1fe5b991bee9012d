// Privacy and data (docs/privacy.md): the tab of /meus-dados, the /privacidade page (its own chunk, through
// the router) and the back office's page (app/admin/admin-routes.tsx).
export { PrivacyTab } from './components/privacy-tab';
