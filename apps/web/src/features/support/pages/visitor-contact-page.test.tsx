// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '@/app/shell/footer';
import { resetSiteLinks } from '@/config/site';
import { clearToken, setToken } from '@/lib/auth-storage';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { answerFrom, callsTo, jsonResponse, renderRoute } from '@/testing/render';
import { VisitorContactPage } from './visitor-contact-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  resetSiteLinks();
  vi.stubGlobal('fetch', fetchMock);
  answerFrom(fetchMock, {
    'GET /api/contact-information': () =>
      jsonResponse(200, {
        info: [
          { key: 'opening_hours_line_1', value: 'Segunda a sexta, das 9h às 18h' },
          { key: 'phones_line_1', value: '(11) 4000-1234' },
          { key: 'emails_line_1', value: 'atendimento@prata.dev' },
        ],
      }),
    'GET /api/site': () =>
      jsonResponse(200, { links: { jewelry: null, refining: null, app_store: null, google_play: null } }),
  });
});
afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('/fale-conosco', () => {
  it("shows a visitor the server's phones, e-mails and hours, and the way to a ticket without an account", async () => {
    renderRoute(<VisitorContactPage />, { path: '/fale-conosco' });
    expect(screen.getByRole('heading', { level: 1, name: 'Contato' })).toBeTruthy();
    const info = await screen.findByRole('region', { name: 'Fale com a Prata' });
    expect(within(info).getByRole('link', { name: '(11) 4000-1234' }).getAttribute('href')).toBe('tel:+551140001234');
    expect(within(info).getByRole('link', { name: 'atendimento@prata.dev' }).getAttribute('href')).toBe(
      'mailto:atendimento@prata.dev',
    );
    expect(within(info).getByText('Segunda a sexta, das 9h às 18h')).toBeTruthy();
    const ticket = screen.getByRole('region', { name: 'Abrir um ticket' });
    expect(within(ticket).getByRole('link', { name: 'Abrir ticket sem conta' }).getAttribute('href')).toBe(
      '/contato/ticket/visitante',
    );
    expect(callsTo(fetchMock, 'GET /api/contact-information')).toHaveLength(1);
  });

  it('sends a signed-in customer to their tickets at /contato', async () => {
    setToken(fakeJwt({ sub: '7', sid: 's', exp: nowSeconds() + 3600 }));
    renderRoute(<VisitorContactPage />, { path: '/fale-conosco' });
    const ticket = screen.getByRole('region', { name: 'Abrir um ticket' });
    expect(within(ticket).getByRole('link', { name: 'Meus tickets' }).getAttribute('href')).toBe('/contato');
    expect(within(ticket).queryByRole('link', { name: 'Abrir ticket sem conta' })).toBeNull();
    await screen.findByRole('region', { name: 'Fale com a Prata' });
  });
});

describe("the footer's Contato", () => {
  it("takes a visitor to the public /fale-conosco, and the signed-in frame's footer to /contato", () => {
    renderRoute(<Footer />);
    expect(screen.getByRole('link', { name: 'Contato' }).getAttribute('href')).toBe('/fale-conosco');
    cleanup();
    renderRoute(<Footer contactTo="/contato" />);
    expect(screen.getByRole('link', { name: 'Contato' }).getAttribute('href')).toBe('/contato');
  });
});
