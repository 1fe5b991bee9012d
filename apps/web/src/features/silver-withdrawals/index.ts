// The silver withdrawals' public surface: the back office's fulfilment queue, a tab of the physical silver page
// (features/catalogue/admin/silver-page.tsx). Pages load through the router, each in its own chunk.
export { ShipmentsTab } from './admin/shipments-tab';
