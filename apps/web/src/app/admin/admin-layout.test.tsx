// @vitest-environment jsdom
import Button from '@mui/material/Button';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatusChip } from '@/components/status-chip';
import { setToken } from '@/lib/auth-storage';
import { aUser } from '@/testing/fixtures';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { jsonResponse } from '@/testing/render';
import { theme } from '../theme';
import { AdminLayout } from './admin-layout';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setToken(fakeJwt({ sub: 1, exp: nowSeconds() + 3600 }));
  fetchMock.mockImplementation(async (input) =>
    String(input).startsWith('/api/user')
      ? jsonResponse(200, { user: aUser({ staff_roles: ['support'] }) })
      : jsonResponse(404, { code: 'NOT_FOUND', message: 'sem rota' }),
  );
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** A back-office page inside the frame, as app/admin/admin-routes.tsx nests them, under the app's theme. */
function renderInFrame(page: React.ReactNode) {
  const router = createMemoryRouter(
    [{ element: <AdminLayout />, children: [{ path: '/admin/pagina', element: page }] }],
    {
      initialEntries: ['/admin/pagina'],
    },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('AdminLayout', { timeout: 20_000 }, () => {
  it('paints its pages’ status colours in shades that read at 4.5:1 (axe counted the default amber at 3.1:1)', async () => {
    renderInFrame(
      <>
        <StatusChip status="pending" />
        <Button color="warning">Reabrir</Button>
      </>,
    );
    await screen.findByRole('navigation', { name: 'Back office' });
    expect(getComputedStyle(screen.getByText('Em análise')).color).toBe('rgb(163, 82, 0)');
    // MUI's text button takes its colour through a custom property, which jsdom does not resolve
    const button = getComputedStyle(screen.getByRole('button', { name: 'Reabrir' }));
    expect(button.getPropertyValue('--variant-textColor').toUpperCase()).toBe('#A35200');
  });

  it('sends an operator without a passkey to create one when the back office requires it', async () => {
    const message = 'Crie uma chave de acesso em Meus dados para usar o back office.';
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/user')
        ? jsonResponse(200, { user: aUser({ staff_roles: ['support'] }) })
        : String(input).startsWith('/api/admin/access')
          ? jsonResponse(403, { code: 'OPERATOR_PASSKEY_REQUIRED', message })
          : jsonResponse(404, { code: 'NOT_FOUND', message: 'sem rota' }),
    );
    renderInFrame(<p>Página do back office</p>);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Criar chave de acesso' }).getAttribute('href')).toBe(
      '/meus-dados/acesso-e-dispositivos',
    );
    expect(screen.queryByText('Página do back office')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });
});
