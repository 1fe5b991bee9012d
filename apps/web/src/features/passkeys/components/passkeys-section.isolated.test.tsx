// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, notify } from '@/lib/notify';
import { answerFrom, callsTo, jsonResponse, renderRoute } from '@/testing/render';
import { PasskeysSection } from './passkeys-section';

vi.mock('../webauthn', async (original) => ({
  ...(await original<typeof import('../webauthn')>()),
  // the browser's own dialog, answered at once: what the server checks is not the form's business
  createCredential: vi.fn(async () => ({ id: 'credencial', response: {} })),
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  notify.close();
});

const phone = { id: 4, name: 'Meu celular', created_at: '2026-11-30T13:05:00.000Z', last_used_at: null };
const laptop = {
  id: 9,
  name: 'Notebook',
  created_at: '2026-12-01T10:00:00.000Z',
  last_used_at: '2026-12-02T09:30:00.000Z',
};

describe('PasskeysSection', () => {
  it('lists each passkey with its dates; an empty list says so', async () => {
    answerFrom(fetchMock, { 'GET /api/user/passkeys': () => jsonResponse(200, { passkeys: [phone, laptop] }) });
    renderRoute(<PasskeysSection />);
    const list = await screen.findByRole('list', { name: 'Suas chaves de acesso' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Meu celularCriada em 30\/11\/2026 .*Ainda não usada/),
      expect.stringMatching(/^NotebookCriada em 01\/12\/2026 .*Último uso em 02\/12\/2026/),
    ]);
    expect(screen.getByRole('button', { name: 'Criar chave de acesso' })).toBeTruthy();

    cleanup();
    answerFrom(fetchMock, { 'GET /api/user/passkeys': () => jsonResponse(200, { passkeys: [] }) });
    renderRoute(<PasskeysSection />);
    expect(await screen.findByText('Você ainda não tem chaves de acesso.')).toBeTruthy();
  });

  it('removing asks for the password: empty, then wrong (the server’s message under the field), then right', async () => {
    let passkeys = [phone, laptop];
    answerFrom(fetchMock, {
      'GET /api/user/passkeys': () => jsonResponse(200, { passkeys }),
      'DELETE /api/user/passkeys/4': (init) => {
        const { password } = JSON.parse(String(init?.body)) as { password: string };
        if (password !== 'senha-certa-1')
          return jsonResponse(422, {
            code: 'VALIDATION_FAILED',
            message: 'Senha atual incorreta',
            errors: { password: ['Senha atual incorreta'] },
          });
        passkeys = [laptop];
        return jsonResponse(200, { message: 'Chave de acesso removida.' });
      },
    });
    renderRoute(<PasskeysSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remover Meu celular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover chave de acesso' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await within(dialog).findByText('Informe sua senha')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/user/passkeys/4')).toHaveLength(0);

    const password = within(dialog).getByLabelText(/^Senha/);
    fireEvent.change(password, { target: { value: 'senha-errada' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await within(dialog).findByText('Senha atual incorreta')).toBeTruthy();

    fireEvent.change(password, { target: { value: 'senha-certa-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remover Meu celular' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'Remover Notebook' })).toBeTruthy();
    const sent = callsTo(fetchMock, 'DELETE /api/user/passkeys/4').map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent).toEqual([{ password: 'senha-errada' }, { password: 'senha-certa-1' }]);
  });

  it('after an attempt, created or refused, the focus is back on "Criar chave de acesso", not at the page\'s top', async () => {
    answerFrom(fetchMock, {
      'GET /api/user/passkeys': () => jsonResponse(200, { passkeys: [laptop] }),
      'POST /api/user/passkeys/registration-options': () => jsonResponse(200, { options: { challenge: 'x' } }),
      'POST /api/user/passkeys': () => jsonResponse(201, { message: 'Chave de acesso criada.' }),
    });
    renderRoute(<PasskeysSection />);
    await screen.findByRole('list', { name: 'Suas chaves de acesso' });
    const create = screen.getByRole('button', { name: 'Criar chave de acesso' });
    create.focus();
    fireEvent.submit(screen.getByRole('form', { name: 'Criar chave de acesso' }));
    // the button is disabled while the browser's dialog and the call run, and a browser then drops its focus (jsdom
    // does not): dropped here. The ceremony ends either way (created where the module mock above holds; refused as
    // jsdom has no passkeys where another file of this worker loaded the real module first, isolate: false).
    create.blur();
    expect(document.activeElement).toBe(document.body);
    await waitFor(() => expect(getNotice()).not.toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(document.activeElement).toBe(create), { timeout: 5000 });
  });
});
