import { type ComponentType, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../route-error';

/** A page in its own chunk; its module exports the page as `Component`. */
function lazyPage(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() => load().then((m) => ({ default: m.Component })));
}

const AdminLayout = lazyPage(() => import('./admin-layout'));
const CustomersPage = lazyPage(() => import('./pages/customers-page'));
const CustomerDetailPage = lazyPage(() => import('./pages/customer-detail-page'));
const LimitRequestsPage = lazyPage(() => import('./pages/limit-requests-page'));
const AuditLogPage = lazyPage(() => import('./pages/audit-log-page'));
const ReconciliationPage = lazyPage(() => import('./pages/reconciliation-page'));
const DepositsPage = lazyPage(() => import('@/features/money/admin/deposits-page'));
const WithdrawalsPage = lazyPage(() => import('@/features/money/admin/withdrawals-page'));
const MarketPage = lazyPage(() => import('@/features/orders/admin/market-page'));
const SilverPage = lazyPage(() => import('@/features/catalogue/admin/silver-page'));
const SupportPage = lazyPage(() => import('@/features/support/admin/support-page'));
const SupportTicketPage = lazyPage(() => import('@/features/support/admin/support-ticket-page'));
const AdminAffiliatesPage = lazyPage(() => import('@/features/affiliates/admin/affiliates-page'));
const AdminVideosPage = lazyPage(() => import('@/features/educational/admin/videos-page'));
const ReservesAdminPage = lazyPage(() => import('@/features/reserves/admin/reserves-admin-page'));
const SilverTransfersPage = lazyPage(() => import('@/features/silver-transfers/admin/silver-transfers-page'));
const SavingPlansPage = lazyPage(() => import('@/features/saving-plans/admin/saving-plans-page'));
const PrivacyAdminPage = lazyPage(() => import('@/features/privacy/admin/privacy-admin-page'));
const RetentionPage = lazyPage(() => import('@/features/retention/retention-admin-page'));

/**
 * The back office's routes under /admin, in a chunk of their own: a customer's or a visitor's first load does not
 * carry the back office's route table (app/router.tsx mounts this at admin/*, behind RequireAuth).
 */
export function Component() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to="/admin/clientes" replace />} />
        <Route path="clientes" element={<CustomersPage />} />
        <Route path="clientes/:id" element={<CustomerDetailPage />} />
        <Route path="limites" element={<LimitRequestsPage />} />
        <Route path="depositos" element={<DepositsPage />} />
        <Route path="retiradas" element={<WithdrawalsPage />} />
        <Route path="mercado" element={<MarketPage />} />
        <Route path="prata" element={<SilverPage />} />
        <Route path="atendimento" element={<SupportPage />} />
        <Route path="atendimento/tickets/:id" element={<SupportTicketPage />} />
        <Route path="transferencias" element={<SilverTransfersPage />} />
        <Route path="poupancas" element={<SavingPlansPage />} />
        <Route path="reservas" element={<ReservesAdminPage />} />
        <Route path="afiliados" element={<AdminAffiliatesPage />} />
        <Route path="videos" element={<AdminVideosPage />} />
        <Route path="privacidade" element={<PrivacyAdminPage />} />
        <Route path="retencao" element={<RetentionPage />} />
        <Route path="auditoria" element={<AuditLogPage />} />
        <Route path="conferencia" element={<ReconciliationPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
