// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '@/app/shell/footer';
import { resetSiteLinks } from '@/config/site';
import { clearToken, setToken } from '@/lib/auth-storage';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { NOTICE_HOTKEY } from '@/lib/notify';
import { answerFrom, jsonResponse, renderRoute } from '@/testing/render';
import { ACCESSIBILITY_REVIEWED_ON, AccessibilityPage } from './accessibility-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  resetSiteLinks();
  vi.stubGlobal('fetch', fetchMock);
  answerFrom(fetchMock, {
    'GET /api/contact-information': () =>
      jsonResponse(200, {
        info: [
          { key: 'emails_line_1', value: 'atendimento@prata.dev' },
          { key: 'phones_line_1', value: '(11) 4000-1234' },
        ],
      }),
    'GET /api/session/policy': () => jsonResponse(200, { session_seconds: 4 * 3600, max_seconds: 24 * 3600 }),
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

describe('/acessibilidade', () => {
  it('states the target, the tests, the known limits, time limits, the keyboard and how to report a barrier', async () => {
    renderRoute(<AccessibilityPage />, { path: '/acessibilidade' });
    expect(screen.getByRole('heading', { level: 1, name: 'Acessibilidade' })).toBeTruthy();
    expect(screen.getByText(`Última revisão: ${ACCESSIBILITY_REVIEWED_ON}.`)).toBeTruthy();
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names).toEqual([
      'Nosso compromisso',
      'Como testamos',
      'Limites conhecidos',
      'Tempo e movimento',
      'Teclado',
      'Encontrou uma barreira?',
    ]);
    const commitment = screen.getByRole('region', { name: 'Nosso compromisso' });
    expect(commitment.textContent).toContain('WCAG) 2.1');
    expect(commitment.textContent).toContain('Lei nº 13.146/2015, art. 63');
    expect(commitment.textContent).toContain('eMAG');
    expect(commitment.textContent).toContain('parcialmente conforme');

    const report = screen.getByRole('region', { name: 'Encontrou uma barreira?' });
    // a visitor opens a ticket without an account; the e-mail is the one the operators configured
    const form = within(report).getByRole('link', { name: 'formulário de contato' });
    expect(form.getAttribute('href')).toBe('/contato/ticket/visitante');
    const mail = await within(report).findByRole('link', { name: 'atendimento@prata.dev' });
    expect(mail.getAttribute('href')).toBe('mailto:atendimento@prata.dev?subject=Acessibilidade');
  });

  it("states the time limits as the server and the client keep them: the session's hours come from the server", async () => {
    renderRoute(<AccessibilityPage />, { path: '/acessibilidade' });
    const time = screen.getByRole('region', { name: 'Tempo e movimento' });
    expect(time.textContent).toContain('faltam 5 minutos e 1 minuto');
    await within(time).findByText(/A sessão dura 4 horas\./);
    expect(time.textContent).toContain(
      'Faltando 2 minutos para o fim, uma janela avisa e oferece "Continuar conectado"',
    );
    expect(time.textContent).toContain('a sessão pode ser estendida até 24 horas no total.');
    expect(time.textContent).toContain(
      'Avisos que oferecem uma ação, como "Desfazer", ficam na tela até serem fechados',
    );
    // the one hotkey is the snackbar's own
    const keyboard = screen.getByRole('region', { name: 'Teclado' });
    expect(keyboard.textContent).toContain(`um único atalho próprio: ${NOTICE_HOTKEY} leva ao aviso`);
  });

  it('while the policy loads or cannot be read it states the rule without the hours', async () => {
    answerFrom(fetchMock, { 'GET /api/session/policy': () => jsonResponse(503, { code: 'DATABASE_UNAVAILABLE' }) });
    renderRoute(<AccessibilityPage />, { path: '/acessibilidade' });
    const time = screen.getByRole('region', { name: 'Tempo e movimento' });
    expect(time.textContent).toContain('A sessão tem um prazo a partir da entrada.');
    expect(time.textContent).toContain('a sessão pode ser estendida algumas vezes.');
  });

  it('sends a signed-in customer to /contato', () => {
    setToken(fakeJwt({ sub: '7', sid: 's', exp: nowSeconds() + 3600 }));
    renderRoute(<AccessibilityPage />, { path: '/acessibilidade' });
    const report = screen.getByRole('region', { name: 'Encontrou uma barreira?' });
    expect(within(report).getByRole('link', { name: 'Contato' }).getAttribute('href')).toBe('/contato');
  });

  it('the footer of every page links to it', () => {
    renderRoute(<Footer />);
    expect(screen.getByRole('link', { name: 'Acessibilidade' }).getAttribute('href')).toBe('/acessibilidade');
  });
});
