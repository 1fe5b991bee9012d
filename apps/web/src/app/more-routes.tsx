import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAuth } from './guards/require-auth';
import { NotFoundPage } from './route-error';

/** A page in its own chunk; its module exports the page as `Component`. */
function lazyPage(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() => load().then((m) => ({ default: m.Component })));
}

const BuyAuthPage = lazyPage(() => import('@/features/catalogue/pages/buy-auth-page'));
const CheckoutPage = lazyPage(() => import('@/features/catalogue/pages/checkout-page'));
const RegisterPage = lazyPage(() => import('@/features/auth/pages/register-page'));
const TermsPage = lazyPage(() => import('@/features/auth/pages/terms-page'));
const PrivacyPolicyPage = lazyPage(() => import('@/features/privacy/pages/privacy-policy-page'));
const ErasureDonePage = lazyPage(() => import('@/features/privacy/pages/erasure-done-page'));
const VerifyEmailPage = lazyPage(() => import('@/features/auth/pages/verify-email-page'));
const ResetPasswordPage = lazyPage(() => import('@/features/auth/pages/reset-password-page'));
const EndSessionPage = lazyPage(() => import('@/features/devices/pages/end-session-page'));
const CaixaPostalPage = lazyPage(() => import('@/features/dev/pages/caixa-postal-page'));
const WithdrawSilverPage = lazyPage(() => import('@/features/silver-withdrawals/pages/withdraw-silver-page'));
const ReservesPage = lazyPage(() => import('@/features/reserves/pages/reserves-page'));
const TransferSilverPage = lazyPage(() => import('@/features/silver-transfers/pages/transfer-silver-page'));
const SavingPlansPage = lazyPage(() => import('@/features/saving-plans/pages/saving-plans-page'));
const RegisterFinishPage = lazyPage(() => import('@/features/profile/pages/register-finish-page'));
const MeusDadosPage = lazyPage(() => import('@/features/profile/pages/meus-dados-page'));
const AddAddressPage = lazy(() =>
  import('@/features/profile/pages/address-form-page').then((m) => ({ default: m.AddAddressPage })),
);
const EditAddressPage = lazy(() =>
  import('@/features/profile/pages/address-form-page').then((m) => ({ default: m.EditAddressPage })),
);
const HistoryPage = lazyPage(() => import('@/features/history/pages/history-page'));
const StatementPage = lazyPage(() => import('@/features/statements/pages/statement-page'));
// The money screens share one chunk (features/money/pages/money-pages.ts): one lazy import for four routes.
const moneyPages = () => import('@/features/money/pages/money-pages');
const AddMoneyPage = lazy(() => moneyPages().then((m) => ({ default: m.AddMoneyPage })));
const PixDepositPage = lazy(() => moneyPages().then((m) => ({ default: m.PixDepositPage })));
const TedDepositPage = lazy(() => moneyPages().then((m) => ({ default: m.TedDepositPage })));
const WithdrawMoneyPage = lazy(() => moneyPages().then((m) => ({ default: m.WithdrawMoneyPage })));
const OrdersRoutes = lazyPage(() => import('@/features/orders/orders-routes'));
const AffiliatesPage = lazyPage(() => import('@/features/affiliates/pages/affiliates-page'));
const EducationalPage = lazyPage(() => import('@/features/educational/pages/educational-page'));
const VideoPage = lazyPage(() => import('@/features/educational/pages/video-page'));
// The support screens share one chunk (features/support/pages/support-pages.ts).
const supportPages = () => import('@/features/support/pages/support-pages');
const FaqsPage = lazy(() => supportPages().then((m) => ({ default: m.FaqsPage })));
const ContactPage = lazy(() => supportPages().then((m) => ({ default: m.ContactPage })));
const CreateTicketPage = lazy(() => supportPages().then((m) => ({ default: m.CreateTicketPage })));
const TicketDetailsPage = lazy(() => supportPages().then((m) => ({ default: m.TicketDetailsPage })));
const VisitorTicketPage = lazy(() => supportPages().then((m) => ({ default: m.VisitorTicketPage })));
const VisitorContactPage = lazy(() => supportPages().then((m) => ({ default: m.VisitorContactPage })));
const AccessibilityPage = lazy(() => supportPages().then((m) => ({ default: m.AccessibilityPage })));
const InvoicesPage = lazyPage(() => import('@/features/invoices/pages/invoices-page'));
const IrpfPage = lazyPage(() => import('@/features/irpf/pages/irpf-page'));
const PriceAlertsPage = lazyPage(() => import('@/features/price-alerts/pages/price-alerts-page'));
const QueryLayout = lazy(() => import('./query-layout'));

/**
 * Every route but the landing, the sign-in page and the back office (spec 1 §2.1, §2.2), in a chunk of its own:
 * app/router.tsx mounts this at `*`, so the first loads of /comprar-prata and /login carry neither this table nor its
 * pages' preload lists. Public pages first; the signed-in customer's behind RequireAuth; any other path is the 404
 * page, for visitors too (RequireAuth guards only the known ones).
 */
export function Component() {
  return (
    <Routes>
      <Route element={<QueryLayout />}>
        {/* ComprarPrataAuth and ComprarPrataCheckout: public (a guest buys with Pix) */}
        <Route path="comprar-prata/:id/auth" element={<BuyAuthPage />} />
        <Route path="comprar-prata/:id/checkout" element={<CheckoutPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="termos-de-uso" element={<TermsPage />} />
        <Route path="privacidade" element={<PrivacyPolicyPage />} />
        {/* after "Pedir eliminação": the customer is signed out and sees what went and what stays */}
        <Route path="conta-eliminada" element={<ErasureDonePage />} />
        <Route path="acessibilidade" element={<AccessibilityPage />} />
        <Route path="email/verify/:token" element={<VerifyEmailPage />} />
        <Route path="password/reset/:token" element={<ResetPasswordPage />} />
        {/* the new-device e-mail's link: ends that session, signed in or not */}
        <Route path="encerrar-sessao/:token" element={<EndSessionPage />} />
        <Route path="dev/caixa-postal" element={<CaixaPostalPage />} />
        <Route path="contato/ticket/visitante" element={<VisitorTicketPage />} />
        {/* the footer's "Contato" for visitors: the contact information and the visitor ticket (/contato is signed-in) */}
        <Route path="fale-conosco" element={<VisitorContactPage />} />
        <Route path="prova-de-reservas" element={<ReservesPage />} />
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
          {/* Extrato mensal: a static segment, so it wins over the history's :tab */}
          <Route path="meu-historico/extrato" element={<StatementPage />} />
          <Route path="adicionar-dinheiro" element={<AddMoneyPage />} />
          <Route path="adicionar-dinheiro/pix" element={<PixDepositPage />} />
          <Route path="adicionar-dinheiro/ted" element={<TedDepositPage />} />
          <Route path="afiliados" element={<AffiliatesPage />} />
          <Route path="educacional" element={<EducationalPage />} />
          <Route path="educacional/video/:id" element={<VideoPage />} />
          <Route path="retirar-dinheiro" element={<WithdrawMoneyPage />} />
          <Route path="ordens" element={<OrdersRoutes />} />
          <Route path="retirar-prata" element={<WithdrawSilverPage />} />
          {/* MinhasNotas, ImpostoDeRenda */}
          <Route path="minhas-notas" element={<InvoicesPage />} />
          <Route path="irpf" element={<IrpfPage />} />
          <Route path="faqs" element={<FaqsPage />} />
          <Route path="contato" element={<ContactPage />} />
          <Route path="contato/ticket/create" element={<CreateTicketPage />} />
          <Route path="contato/ticket/:id/details" element={<TicketDetailsPage />} />
          <Route path="transferir-prata" element={<TransferSilverPage />} />
          <Route path="alertas-de-preco" element={<PriceAlertsPage />} />
          <Route path="poupanca-automatica" element={<SavingPlansPage />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
