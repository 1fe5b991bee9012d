import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/index';
import { affiliateRoutes, registerAffiliatesReconciliation } from './affiliates/index';
import { authRoutes } from './auth/index';
import { catalogueRoutes } from './catalogue/index';
import { chatRoutes } from './chat/index';
import { cityRoutes } from './cities/index';
import { contentRoutes } from './content/index';
import { educationalRoutes } from './educational/index';
import { devRoutes } from './dev/index';
import { deviceRoutes } from './devices/index';
import { healthRoutes } from './health/index';
import { historyRoutes } from './history/index';
import { invoiceRoutes } from './invoices/index';
import { irpfRoutes } from './irpf/index';
import { moneyRoutes, pendingMoneyOf, registerMoneyReconciliation } from './money/index';
import { hasOpenOrders, orderRoutes, registerOrdersReconciliation } from './orders/index';
import { passkeyRoutes } from './passkeys/index';
import { priceAlertRoutes } from './price-alerts/index';
import { type ErasureChecks, privacyRoutesWith } from './privacy/index';
import { profileRoutes } from './profile/index';
import { hasLiveSavingPlans, savingPlanRoutes } from './saving-plans/index';
import { reservesRoutes } from './reserves/index';
import { retentionRoutes } from './retention/index';
import {
  hasPendingOutgoingTransfers,
  registerSilverTransfersReconciliation,
  silverTransferRoutes,
} from './silver-transfers/index';
import {
  hasPendingSilverWithdrawals,
  registerSilverWithdrawalsReconciliation,
  silverWithdrawalRoutes,
} from './silver-withdrawals/index';
import { statementRoutes } from './statements/index';
import { supportRoutes } from './support/index';
import { userRoutes } from './users/index';

/** What the erasure asks each feature (features/privacy): given here, as the privacy room cannot import them. */
const erasureChecks: ErasureChecks = {
  hasOpenOrders,
  pendingMoneyOf,
  hasPendingSilverWithdrawals,
  hasPendingOutgoingTransfers,
  hasLiveSavingPlans,
};

/** Every feature's routes, registered under /api. Each feature is reached only through its index.ts. */
export const featureRoutes: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  authRoutes,
  userRoutes,
  profileRoutes,
  historyRoutes,
  moneyRoutes,
  orderRoutes,
  catalogueRoutes,
  silverWithdrawalRoutes,
  chatRoutes,
  silverTransferRoutes,
  cityRoutes,
  affiliateRoutes,
  educationalRoutes,
  contentRoutes,
  supportRoutes,
  devRoutes,
  adminRoutes,
  invoiceRoutes,
  irpfRoutes,
  statementRoutes,
  priceAlertRoutes,
  savingPlanRoutes,
  reservesRoutes,
  passkeyRoutes,
  deviceRoutes,
  privacyRoutesWith(erasureChecks),
  retentionRoutes,
];

/**
 * Every feature's checks, added to the ledger's reconciliation in the order of its report (after the ledger's own
 * invariants). Called wherever the reconciliation runs: buildApp (the back office's page), `npm run reconcile`, the
 * tests' check after every file (test/setup.ts) and the benches. Registering again changes nothing.
 */
export function registerFeatureReconciliation(): void {
  registerMoneyReconciliation();
  registerOrdersReconciliation();
  registerSilverWithdrawalsReconciliation();
  registerSilverTransfersReconciliation();
  registerAffiliatesReconciliation();
}
