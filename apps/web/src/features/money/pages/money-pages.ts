// The four money screens in one chunk: they are small, lead to one another, and one lazy import in the router (instead
// of four, each with its list of preloads) keeps the entry chunk, which every first load downloads, lighter.
export { AddMoneyPage } from './add-money-page';
export { PixDepositPage } from './pix-deposit-page';
export { TedDepositPage } from './ted-deposit-page';
export { WithdrawMoneyPage } from './withdraw-money-page';
