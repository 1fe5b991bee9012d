import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingBar } from '../components/loading-bar';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './root-layout';
import { NotFoundPage, RouteError } from './route-error';
import { AppShell } from './shell/app-shell';

/**
 * Every screen is its own chunk (route `lazy`), so a page downloads only what it shows. The back office has its
 * own frame and its own guard; the rest lives inside the app shell.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RouteError />,
    // Shown while the first page's chunk downloads.
    HydrateFallback: () => <LoadingBar />,
    children: [
      {
        Component: AppShell,
        children: [
          { index: true, element: <Navigate to="/comprar-prata" replace /> },
          { path: 'comprar-prata', lazy: () => import('../features/catalogue/pages/landing-page') },
          { path: 'register', lazy: () => import('../features/auth/pages/register-page') },
          { path: 'termos-de-uso', lazy: () => import('../features/auth/pages/terms-page') },
          { path: 'email/verify/:token', lazy: () => import('../features/auth/pages/verify-email-page') },
          { path: 'login', lazy: () => import('../features/auth/pages/login-page') },
          { path: 'password/reset/:token', lazy: () => import('../features/auth/pages/reset-password-page') },
          { path: 'dev/caixa-postal', lazy: () => import('../features/dev/pages/caixa-postal-page') },
          {
            Component: RequireAuth,
            children: [
              { path: 'register/finish', lazy: () => import('../features/profile/pages/register-finish-page') },
              {
                id: 'DadosCadastrais',
                path: 'meus-dados/:tab?',
                lazy: () => import('../features/profile/pages/meus-dados-page'),
              },
              {
                path: 'meus-dados/meus-enderecos/adicionar',
                lazy: () =>
                  import('../features/profile/pages/address-form-page').then((m) => ({ Component: m.AddAddressPage })),
              },
              {
                path: 'meus-dados/meus-enderecos/editar/:id',
                lazy: () =>
                  import('../features/profile/pages/address-form-page').then((m) => ({ Component: m.EditAddressPage })),
              },
              {
                id: 'MeuHistorico',
                path: 'meu-historico/:tab?',
                lazy: () => import('../features/history/pages/history-page'),
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        path: 'admin',
        Component: RequireAuth,
        children: [
          {
            lazy: () => import('../features/admin/components/admin-layout'),
            children: [
              { index: true, element: <Navigate to="/admin/clientes" replace /> },
              { path: 'clientes', lazy: () => import('../features/admin/pages/customers-page') },
              { path: 'clientes/:id', lazy: () => import('../features/admin/pages/customer-detail-page') },
              { path: 'limites', lazy: () => import('../features/admin/pages/limit-requests-page') },
              { path: 'auditoria', lazy: () => import('../features/admin/pages/audit-log-page') },
              { path: 'conferencia', lazy: () => import('../features/admin/pages/reconciliation-page') },
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
