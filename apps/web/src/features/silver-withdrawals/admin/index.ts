// The silver withdrawals' back-office surface, apart from index.ts (so that the checkout and the history, which
// import the index, never evaluate these modules): the fulfilment queue, a tab of the physical silver page
// (features/catalogue/admin/silver-page.tsx).
export { ShipmentsTab } from './shipments-tab';
