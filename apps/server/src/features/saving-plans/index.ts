// Automatic saving: plans that buy silver every week or month, from the balance or by Pix Automático.
export { savingPlanRoutes } from './routes';
export { runSavingPlans, startSavingScheduler } from './scheduler';
export { advanceSavingClock, resetSavingClock, savingClock } from './clock';
export { hasLiveSavingPlans } from './repository';
