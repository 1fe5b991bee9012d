// The saving-plans feature's back-office surface (app/admin's route table loads the page lazily).
export { AdminSavingPlansPage } from './saving-plans-page';
