// Sessions and devices ("Onde estou conectado"): each session's device, the new-device e-mail and its link, ending one
// session or every other one. Every sign-in opens its session here (openSession). docs/security.md.
export { seedDevicesDemo } from './demo';
export { deviceRoutes } from './routes';
export { describeDevice, openSession } from './service';
