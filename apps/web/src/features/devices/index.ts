// Sessions and devices ("Onde estou conectado"): the /meus-dados tab "Acesso e dispositivos" (profile's page renders
// it), and the page the new-device e-mail's link opens (/encerrar-sessao/:token, through the router).
export { AccessTab } from './components/access-tab';
