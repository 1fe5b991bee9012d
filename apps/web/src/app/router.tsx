import { type ComponentType, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './root-layout';
import { NotFoundPage } from './route-error';
import { AppShell } from './shell/app-shell';

/** A page in its own chunk; its module exports the page as `Component`. */
function lazyPage(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() => load().then((m) => ({ default: m.Component })));
}

const LandingPage = lazyPage(() => import('../features/catalogue/pages/landing-page'));
const BuyAuthPage = lazyPage(() => import('../features/catalogue/pages/buy-auth-page'));
const CheckoutPage = lazyPage(() => import('../features/catalogue/pages/checkout-page'));
const WithdrawSilverPage = lazyPage(() => import('../features/silver-withdrawals/pages/withdraw-silver-page'));
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'));
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page'));
const TermsPage = lazyPage(() => import('../features/auth/pages/terms-page'));
const VerifyEmailPage = lazyPage(() => import('../features/auth/pages/verify-email-page'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/reset-password-page'));
const CaixaPostalPage = lazyPage(() => import('../features/dev/pages/caixa-postal-page'));
const RegisterFinishPage = lazyPage(() => import('../features/profile/pages/register-finish-page'));
const MeusDadosPage = lazyPage(() => import('../features/profile/pages/meus-dados-page'));
const AddAddressPage = lazy(() =>
  import('../features/profile/pages/address-form-page').then((m) => ({ default: m.AddAddressPage })),
);
const EditAddressPage = lazy(() =>
  import('../features/profile/pages/address-form-page').then((m) => ({ default: m.EditAddressPage })),
);
const HistoryPage = lazyPage(() => import('../features/history/pages/history-page'));
// The money screens share one chunk (features/money/pages/money-pages.ts): one lazy import for four routes.
const moneyPages = () => import('../features/money/pages/money-pages');
const AddMoneyPage = lazy(() => moneyPages().then((m) => ({ default: m.AddMoneyPage })));
const PixDepositPage = lazy(() => moneyPages().then((m) => ({ default: m.PixDepositPage })));
const TedDepositPage = lazy(() => moneyPages().then((m) => ({ default: m.TedDepositPage })));
const WithdrawMoneyPage = lazy(() => moneyPages().then((m) => ({ default: m.WithdrawMoneyPage })));
const OrdersRoutes = lazyPage(() => import('../features/orders/orders-routes'));
const AdminRoutes = lazyPage(() => import('../features/admin/admin-routes'));
const QueryLayout = lazy(() => import('./query-layout'));

/**
 * Every screen is its own chunk (React.lazy), so a page downloads only what it shows; RootLayout's Suspense shows
 * the loading bar while the first one arrives, and later navigations (transitions) keep the current page until the
 * next is ready. Pages that query sit under QueryLayout, which brings react-query: the landing and the sign-in page
 * do without it. The back office has its own frame and its own guard; the rest lives inside the app shell.
 * Declarative routes rather than a data router (createBrowserRouter): nothing here loads data through the router,
 * and declarative mode is 19 KB gzip lighter on every first load (docs/performance.md).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<AppShell />}>
          <Route index element={<Navigate to="/comprar-prata" replace />} />
          <Route path="comprar-prata" element={<LandingPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route element={<QueryLayout />}>
            {/* ComprarPrataAuth and ComprarPrataCheckout: public (a guest buys with Pix) */}
            <Route path="comprar-prata/:id/auth" element={<BuyAuthPage />} />
            <Route path="comprar-prata/:id/checkout" element={<CheckoutPage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="termos-de-uso" element={<TermsPage />} />
            <Route path="email/verify/:token" element={<VerifyEmailPage />} />
            <Route path="password/reset/:token" element={<ResetPasswordPage />} />
            <Route path="dev/caixa-postal" element={<CaixaPostalPage />} />
          </Route>
          <Route element={<RequireAuth />}>
            <Route element={<QueryLayout />}>
              <Route path="register/finish" element={<RegisterFinishPage />} />
              {/* DadosCadastrais */}
              <Route path="meus-dados/:tab?" element={<MeusDadosPage />} />
              <Route path="meus-dados/meus-enderecos/adicionar" element={<AddAddressPage />} />
              <Route path="meus-dados/meus-enderecos/editar/:id" element={<EditAddressPage />} />
              {/* MeuHistorico */}
              <Route path="meu-historico/:tab?" element={<HistoryPage />} />
              <Route path="adicionar-dinheiro" element={<AddMoneyPage />} />
              <Route path="adicionar-dinheiro/pix" element={<PixDepositPage />} />
              <Route path="adicionar-dinheiro/ted" element={<TedDepositPage />} />
              <Route path="retirar-dinheiro" element={<WithdrawMoneyPage />} />
              <Route path="ordens" element={<OrdersRoutes />} />
              <Route path="retirar-prata" element={<WithdrawSilverPage />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="admin" element={<RequireAuth />}>
          <Route element={<QueryLayout />}>
            {/* the back office's own route table, in its chunk (features/admin/admin-routes.tsx) */}
            <Route index element={<AdminRoutes />} />
            <Route path="*" element={<AdminRoutes />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
