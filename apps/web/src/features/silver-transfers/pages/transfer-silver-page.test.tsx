// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { getNotice, notify } from '@/lib/notify';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { jsonResponse, renderRoute } from '@/testing/render';
import { routes } from '@/testing/silver-fixtures';
import { TransferSilverPage } from './transfer-silver-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() + 600 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  fetchMock.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  notify.close();
});

const LONG = { timeout: 5000 };
type Handler = (init?: RequestInit) => Response | Promise<Response>;
const calls = (key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input).split('?')[0]}` === key);
const bodyOf = (key: string, index = 0) => JSON.parse(String(calls(key)[index]?.[1]?.body));
const click = async (name: string | RegExp, scope: HTMLElement = document.body) => {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
};
/** Two clicks before anything answers, as a double tap does. */
const doubleClick = async (name: string | RegExp, scope: HTMLElement = document.body) => {
  const button = within(scope).getByRole('button', { name });
  await act(async () => {
    fireEvent.click(button);
    fireEvent.click(button);
  });
};
const keyOf = (key: string, index = 0) => new Headers(calls(key)[index]?.[1]?.headers).get('Idempotency-Key');
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** Masked fields (react-imask reads the input's value on the input event). */
const typeMasked = (label: string | RegExp, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

const transfer = (overrides: object = {}) => ({
  id: 41,
  created_at: '2026-03-10T13:05:00Z',
  direction: 'sent',
  receiver: { id: 8, name: 'Maria S.', email: 'maria@exemplo.com.br' },
  receiver_email: 'maria@exemplo.com.br',
  sender: null,
  quantity_grams: 2.5,
  message: 'Parabéns!',
  status: 'completed',
  status_label: 'Realizada',
  expires_at: null,
  completed_at: '2026-03-10T13:05:00Z',
  cancellable: false,
  ...overrides,
});

function transferRoutes(overrides: Record<string, Handler> = {}) {
  routes(fetchMock, {
    'GET /api/silver-transfer': () =>
      jsonResponse(200, { currentBalance: 125.5, resendAfterSeconds: 60, unclaimedExpiryDays: 30 }),
    'POST /api/silver-transfer/check-receiver': () =>
      jsonResponse(200, { receiver: { id: 8, name: 'Maria S.' }, message: 'Recebedor encontrado.' }),
    'POST /api/silver-transfer/verification-code': () =>
      jsonResponse(200, {
        message: 'Enviamos um código para o seu e-mail.',
        resendAfterSeconds: 60,
        validForSeconds: 600,
      }),
    'POST /api/silver-transfer': () => jsonResponse(201, { transfer: transfer(), message: 'Transferência realizada.' }),
    ...overrides,
  });
}

async function open(url = '/transferir-prata') {
  const view = renderRoute(<TransferSilverPage />, { path: '/transferir-prata', url });
  await screen.findByRole('group', { name: 'Saldo de prata disponível' }, LONG);
  return view;
}

/**
 * A reload at `url`: the page goes without running its cleanups (the session is alive, yet what the tab kept stays, as
 * in a browser) and comes back at the address.
 */
async function reload(url: string) {
  const kept = { ...sessionStorage };
  cleanup();
  for (const [key, value] of Object.entries(kept)) sessionStorage.setItem(key, value);
  return renderRoute(<TransferSilverPage />, { path: '/transferir-prata', url });
}

/** Maria checked as the receiver, `quantity` typed, "Transferir": the code's dialog. */
async function codeDialogFor(quantity: string) {
  await checkEmail('maria@exemplo.com.br');
  await screen.findByRole('group', { name: 'Recebedor' });
  typeMasked(/Quantidade/, quantity);
  await click('Transferir');
  return screen.findByRole('dialog', { name: 'Confirme a transferência' }, LONG);
}

async function checkEmail(email: string) {
  type(/E-mail do recebedor/, email);
  await click('Verificar e-mail');
}

describe('/transferir-prata', { timeout: 30_000 }, () => {
  it('shows the balance; the e-mail is checked first, then locked, with a way to change it', async () => {
    transferRoutes();
    await open();
    expect(screen.getByTestId('silver-balance').textContent).toBe('125,50 g');
    // nothing typed: the spec's messages, and no call
    await click('Verificar e-mail');
    expect(screen.getByText('Informe o e-mail do recebedor')).toBeTruthy();
    await checkEmail('maria@');
    expect(screen.getByText('Informe um e-mail válido')).toBeTruthy();
    expect(calls('POST /api/silver-transfer/check-receiver')).toHaveLength(0);
    // an account: its short name; the e-mail is locked, no CPF is asked
    await checkEmail('Maria@Exemplo.com.br');
    const receiver = await screen.findByRole('group', { name: 'Recebedor' });
    expect(receiver.textContent).toContain('Maria S.');
    expect(receiver.textContent).toContain('maria@exemplo.com.br');
    expect(screen.queryByLabelText(/E-mail do recebedor/)).toBeNull();
    expect(screen.queryByLabelText(/CPF do recebedor/)).toBeNull();
    expect(bodyOf('POST /api/silver-transfer/check-receiver')).toEqual({ email: 'Maria@Exemplo.com.br' });
    // 'Alterar' opens the e-mail again
    await click('Alterar recebedor');
    expect(screen.getByLabelText(/E-mail do recebedor/)).toBeTruthy();
  });

  it('no account: the CPF is asked (mask ###.###.###-##) and required; quantity and message rules (no link); the counter', async () => {
    transferRoutes({
      'POST /api/silver-transfer/check-receiver': () =>
        jsonResponse(200, { receiver: null, message: 'Não encontramos uma conta com este e-mail.' }),
    });
    await open();
    await checkEmail('joana@exemplo.com.br');
    const cpf = (await screen.findByLabelText(/CPF do recebedor/, {}, LONG)) as HTMLInputElement;
    expect(screen.getByRole('group', { name: 'Recebedor' }).textContent).toContain('Sem conta no Prata');
    await click('Transferir');
    expect(screen.getByText('Informe um CPF válido')).toBeTruthy();
    expect(screen.getByText('Informe a quantidade')).toBeTruthy();
    typeMasked(/CPF do recebedor/, '52998224725');
    expect(cpf.value).toBe('529.982.247-25');
    typeMasked(/Quantidade/, '130');
    await click('Transferir');
    expect(screen.getByText('Você não tem prata disponível suficiente para esta transferência.')).toBeTruthy();
    const message = screen.getByLabelText(/Mensagem/) as HTMLInputElement;
    // Prata's e-mails carry the message: a link is refused under the field, before any call
    expect(screen.getByText('O recebedor lê a mensagem no e-mail e no comprovante. Sem links.')).toBeTruthy();
    fireEvent.change(message, { target: { value: 'Confirme em prata-seguro.xyz' } });
    await click('Transferir');
    expect(screen.getByText('A mensagem não pode ter links, endereços de sites nem e-mails.')).toBeTruthy();
    fireEvent.change(message, { target: { value: 'Feliz aniversário!' } });
    expect(screen.getByTestId('message-counter').textContent).toBe('18/40');
    expect(message.maxLength).toBe(40);
    expect(calls('POST /api/silver-transfer/verification-code')).toHaveLength(0);
  });

  it('the code dialog: resend disabled for 60 s with a countdown; confirms; the receipt dialog; the balance is asked again', async () => {
    transferRoutes();
    const { queryClient } = await open();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await checkEmail('maria@exemplo.com.br');
    await screen.findByRole('group', { name: 'Recebedor' });
    typeMasked(/Quantidade/, '2,5');
    type(/Mensagem/, 'Parabéns!');
    await doubleClick('Transferir');
    await vi.waitFor(() => expect(calls('POST /api/silver-transfer/verification-code')).toHaveLength(1));
    expect(keyOf('POST /api/silver-transfer/verification-code')).toMatch(/^[\w-]{32,36}$/);
    expect(bodyOf('POST /api/silver-transfer/verification-code')).toEqual({
      quantity_grams: '2.5',
      receiver_email: 'maria@exemplo.com.br',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirme a transferência' }, LONG);
    expect(dialog.textContent).toContain('2,50 g para Maria S.');
    const resend = within(dialog).getByRole('button', { name: /Reenviar código em (59|60) s/ });
    expect(resend).toHaveProperty('disabled', true);
    // an empty code is refused on the screen
    await click('Confirmar transferência', dialog);
    expect(within(dialog).getByText('Informe o código')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Código de verificação/), { target: { value: '123456' } });
    await doubleClick('Confirmar transferência', dialog);
    await vi.waitFor(() => expect(calls('POST /api/silver-transfer')).toHaveLength(1));
    expect(keyOf('POST /api/silver-transfer')).toMatch(/^[\w-]{32,36}$/);
    expect(bodyOf('POST /api/silver-transfer')).toEqual({
      verificationCode: '123456',
      receiver_id: 8,
      receiver_email: 'maria@exemplo.com.br',
      receiver_cpf: null,
      quantity_grams: '2.5',
      message: 'Parabéns!',
    });
    const receipt = await screen.findByRole('dialog', { name: 'Transferência realizada' }, LONG);
    expect(receipt.textContent).toContain('2,50 g');
    expect(receipt.textContent).toContain('Maria S.');
    expect(within(receipt).getByRole('link', { name: 'Ver no histórico' }).getAttribute('href')).toBe(
      '/meu-historico/prata-transferida',
    );
    expect(within(receipt).getByRole('button', { name: 'Baixar comprovante' })).toBeTruthy();
    const keys = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    expect(keys).toContain(JSON.stringify(['user']));
    expect(keys).toContain(JSON.stringify(['silver-transfer']));
  });

  it('closed and opened again before a new code may be sent, the dialog comes back without a second code', async () => {
    transferRoutes();
    await open();
    let dialog = await codeDialogFor('1');
    await click('Cancelar', dialog);
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirme a transferência' })).toBeNull());
    await click('Transferir');
    dialog = await screen.findByRole('dialog', { name: 'Confirme a transferência' }, LONG);
    expect(calls('POST /api/silver-transfer/verification-code')).toHaveLength(1);
    // another quantity is another transfer: a new code
    await click('Cancelar', dialog);
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirme a transferência' })).toBeNull());
    typeMasked(/Quantidade/, '2');
    await click('Transferir');
    await screen.findByRole('dialog', { name: 'Confirme a transferência' }, LONG);
    await vi.waitFor(() => expect(calls('POST /api/silver-transfer/verification-code')).toHaveLength(2));
  });

  it('a reload, Back and Forward find the code dialog again for the same receiver and quantity, without a new code', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    transferRoutes();
    const first = await open();
    await checkEmail('maria@exemplo.com.br');
    await screen.findByRole('group', { name: 'Recebedor' });
    typeMasked(/Quantidade/, '2,5');
    type(/Mensagem/, 'Parabéns!');
    await click('Transferir');
    await screen.findByRole('dialog', { name: 'Confirme a transferência' }, LONG);
    expect(first.router.state.location.search).toBe('?etapa=codigo');
    // Back is the form, Forward the code's dialog again
    await act(() => first.router.navigate(-1));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirme a transferência' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Transferir' })).toBeTruthy();
    await act(() => first.router.navigate(1));
    await screen.findByRole('dialog', { name: 'Confirme a transferência' }, LONG);

    // the reload: the page comes back at the address, with what the tab kept
    vi.setSystemTime(Date.now() + 11_000);
    const second = await reload('/transferir-prata?etapa=codigo');
    const dialog = await screen.findByRole('dialog', { name: 'Confirme a transferência' }, LONG);
    expect(dialog.textContent).toContain('2,50 g para Maria S.');
    const resend = within(dialog).getByRole('button', { name: 'Reenviar código em 49 s' });
    expect(resend).toHaveProperty('disabled', true);
    expect(within(dialog).queryByText(MESSAGES.codeStepExpired)).toBeNull();
    // behind the dialog, the receiver the code was sent to, locked
    expect(screen.getByRole('group', { name: 'Recebedor', hidden: true }).textContent).toContain('Maria S.');
    fireEvent.change(within(dialog).getByLabelText(/Código de verificação/), { target: { value: '123456' } });
    await click('Confirmar transferência', dialog);
    await vi.waitFor(() => expect(calls('POST /api/silver-transfer')).toHaveLength(1), LONG);
    expect(bodyOf('POST /api/silver-transfer')).toEqual({
      verificationCode: '123456',
      receiver_id: 8,
      receiver_email: 'maria@exemplo.com.br',
      receiver_cpf: null,
      quantity_grams: '2.5',
      message: 'Parabéns!',
    });
    await screen.findByRole('dialog', { name: 'Transferência realizada' }, LONG);
    expect(second.router.state.location.search).toBe('');
    // one code for all of it, and the tab never kept it
    expect(calls('POST /api/silver-transfer/verification-code')).toHaveLength(1);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('123456');
  });

  it('a code dialog restored after the code stopped confirming says so', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    // a session that outlives the code
    localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() + 3_600 }));
    transferRoutes();
    await open();
    await codeDialogFor('2,5');
    vi.setSystemTime(Date.now() + 601_000);
    await reload('/transferir-prata?etapa=codigo');
    const dialog = await screen.findByRole('dialog', { name: 'Confirme a transferência' }, LONG);
    expect(within(dialog).getByText(MESSAGES.codeStepExpired)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reenviar código' })).toHaveProperty('disabled', false);
  });

  it('the step in the address needs a code sent in this tab for the receiver and quantity in the form', async () => {
    transferRoutes();
    const { router } = await open('/transferir-prata?etapa=codigo');
    // no code was sent in this tab: the address goes back to the form
    await vi.waitFor(() => expect(router.state.location.search).toBe(''), LONG);
    const dialog = await codeDialogFor('1');
    expect(router.state.location.search).toBe('?etapa=codigo');
    // 'Cancelar' leaves the step, and the focus is on 'Transferir' again
    await click('Cancelar', dialog);
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirme a transferência' })).toBeNull());
    expect(router.state.location.search).toBe('');
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Transferir' })));
    // the quantity changed, then Back to the step: the code does not confirm it, the address goes back to the form
    typeMasked(/Quantidade/, '2');
    await act(() => router.navigate(-1));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''), LONG);
    expect(screen.queryByRole('dialog', { name: 'Confirme a transferência' })).toBeNull();
    // the same quantity again while the wait runs: the dialog, and no second code
    typeMasked(/Quantidade/, '1');
    await click('Transferir');
    await screen.findByRole('dialog', { name: 'Confirme a transferência' }, LONG);
    expect(router.state.location.search).toBe('?etapa=codigo');
    expect(calls('POST /api/silver-transfer/verification-code')).toHaveLength(1);
  });

  it("a wrong code keeps the dialog open with the server's message", async () => {
    transferRoutes({
      'POST /api/silver-transfer': () =>
        jsonResponse(422, {
          code: 'CODE_INVALID',
          message: 'Código inválido.',
          errors: { verificationCode: ['Código inválido.'] },
        }),
    });
    await open();
    const dialog = await codeDialogFor('1');
    fireEvent.change(within(dialog).getByLabelText(/Código de verificação/), { target: { value: '000000' } });
    await click('Confirmar transferência', dialog);
    await vi.waitFor(() => expect(within(dialog).getByText('Código inválido.')).toBeTruthy());
    expect(screen.getByRole('dialog', { name: 'Confirme a transferência' })).toBeTruthy();
  });

  it("an incomplete registration (403): the server's message, then /register/finish", async () => {
    transferRoutes({
      'GET /api/silver-transfer': () =>
        jsonResponse(403, { code: 'REGISTRATION_INCOMPLETE', message: 'Conclua seu cadastro para continuar.' }),
    });
    const { router } = renderRoute(<TransferSilverPage />, { path: '/transferir-prata', url: '/transferir-prata' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/register/finish'), LONG);
    expect(getNotice()?.message).toBe('Conclua seu cadastro para continuar.');
  });
});
