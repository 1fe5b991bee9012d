// The saving-plans feature's public surface: nothing yet; the page loads through the router, in its own chunk, and
// the back office's page through admin/index.ts.
export const SAVING_PLANS_PATH = '/poupanca-automatica';
