// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { getNotice, notify } from '@/lib/notify';
import { answerFrom, callsTo, jsonResponse, renderRoute, type RouteTable } from '@/testing/render';
import type { DepositOverviewResponse, WithdrawalOverviewResponse } from '../api/types';
import { AddMoneyPage } from './add-money-page';
import { PixDepositPage } from './pix-deposit-page';
import { TedDepositPage } from './ted-deposit-page';
import { WithdrawMoneyPage } from './withdraw-money-page';

/** The server's windows for a code (CodeSentResponse): the resend wait and how long the code confirms. */
const CODE_WINDOWS = { resendAfterSeconds: 60, validForSeconds: 600 };

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  notify.close();
  sessionStorage.clear();
});

const overview: DepositOverviewResponse = {
  currentBalance: 1234.56,
  pendingDeposits: [],
  receivingAccount: {
    bank_code: '461',
    bank_name: 'Asaas IP S.A.',
    branch: '0001',
    account: '1234567-8',
    account_type: 'Conta de pagamento',
    holder_name: 'Prata Custódia Ltda',
    holder_cnpj: '11222333000181',
  },
  minimumPixDeposit: 5,
  depositLimits: {
    maxNow: 10000,
    perDeposit: 10000,
    nightPerDeposit: null,
    perPeriod: 50000,
    periodDays: 30,
    periodLeft: 50000,
    tier: 'standard',
  },
};

const withdrawalOverview: WithdrawalOverviewResponse = {
  bankingInformation: [
    {
      id: 7,
      type: 'pix',
      key_type: 'email',
      key: 'maria@prata.dev',
      account_type: null,
      bank_number: null,
      branch_number: null,
      account_number: null,
    } as WithdrawalOverviewResponse['bankingInformation'][number],
  ],
  minimumWithdrawalAmount: 10,
  currentBalance: 500,
  withdrawalFee: 9.9,
  confirm_with: 'code',
  freeWithdrawalsPerMonth: 2,
  freeWithdrawalsLeft: 0,
  resendAfterSeconds: 1,
};

/** Routes the calls by method and path; anything else is a 404. */
const api = (routes: RouteTable) => answerFrom(fetchMock, routes);

/** Generous waits: the suite runs files in parallel on busy machines. */
const waitLong = <T,>(check: () => T) => vi.waitFor(check, { timeout: 5000 });
const LONG = { timeout: 5000 };

const calls = (key: string) => callsTo(fetchMock, key);

/** Types into a money field (react-imask reads the input's value on the input event). */
function typeAmount(label: RegExp, text: string) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.input(input, { target: { value: text } });
}

const helperOf = (label: RegExp) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? document.getElementById(id)?.textContent : null;
};

describe('Pix deposit', () => {
  it("checks the amount with the spec's messages, then sends it with an Idempotency-Key", async () => {
    api({
      'GET /api/deposit': () => jsonResponse(200, overview),
      'POST /api/deposit/pix': () =>
        jsonResponse(422, {
          code: 'PENDING_DEPOSITS_LIMIT',
          message: 'Você já tem 5 depósitos pendentes.',
          errors: { amount: ['Você já tem 5 depósitos pendentes.'] },
        }),
    });
    renderRoute(<PixDepositPage />);
    const create = await screen.findByRole('button', { name: 'Criar QR Code' }, LONG);
    await act(async () => fireEvent.click(create));
    await waitLong(() => expect(helperOf(/Valor do depósito/)).toBe('Informe um valor para o depósito'));

    typeAmount(/Valor do depósito/, '4,99');
    await act(async () => fireEvent.click(create));
    await waitLong(() => expect(helperOf(/Valor do depósito/)).toBe('O valor mínimo é R$ 5,00'));
    expect(calls('POST /api/deposit/pix')).toHaveLength(0);

    typeAmount(/Valor do depósito/, '150,00');
    await act(async () => fireEvent.click(create));
    await waitLong(() => expect(helperOf(/Valor do depósito/)).toBe('Você já tem 5 depósitos pendentes.'));
    const [, init] = calls('POST /api/deposit/pix')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ amount: '150.00' });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[\w-]{32,36}$/);
  });
});

describe('Pix deposit: limits and one charge per intention', () => {
  const created = {
    deposit: {
      id: 77,
      amount: 150,
      created_at: '2026-03-10T13:05:00Z',
      status: 'pending',
      rejection_reason: null,
      asaas_payment_id: 'pay_77',
      method: 'pix',
      credited_at: null,
      has_receipt: false,
      expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      paid_amount: null,
      hold_reason: null,
    },
    pixQrCode: 'iVBORw0KGgo=',
    pixCopiaECola: '00020126br.gov.bcb.pix',
    message: 'QR Code criado.',
  };

  it('shows the limits before typing, and refuses an amount above them without asking for a charge', async () => {
    api({
      'GET /api/deposit': () =>
        jsonResponse(200, {
          ...overview,
          depositLimits: { ...overview.depositLimits, periodLeft: 4000, maxNow: 4000 },
        }),
    });
    renderRoute(<PixDepositPage />);
    const limits = await screen.findByLabelText('Limites de depósito', undefined, LONG);
    expect(limits.textContent).toBe(
      'Até R$ 10.000,00 por depósito e R$ 50.000,00 a cada 30 dias. Você ainda pode depositar R$ 4.000,00.',
    );
    expect(helperOf(/Valor do depósito/)).toBe('Mínimo de R$ 5,00, máximo de R$ 4.000,00');
    typeAmount(/Valor do depósito/, '4000,01');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Criar QR Code' })));
    await waitLong(() =>
      expect(helperOf(/Valor do depósito/)).toBe(
        'Seu limite de depósitos é de R$ 50.000,00 a cada 30 dias. Você ainda pode depositar R$ 4.000,00.',
      ),
    );
    typeAmount(/Valor do depósito/, '10000,01');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Criar QR Code' })));
    await waitLong(() => expect(helperOf(/Valor do depósito/)).toBe('O valor máximo por depósito é R$ 10.000,00.'));
    expect(calls('POST /api/deposit/pix')).toHaveLength(0);
  });

  it('a double click on "Criar QR Code" sends one request; the dialog counts down to the expiry', async () => {
    let answer: (r: Response) => void = () => {};
    api({
      'GET /api/deposit': () => jsonResponse(200, overview),
      'GET /api/deposits': () => jsonResponse(200, { deposits: { data: [], total: 0, per_page: 15 } }),
    });
    const route = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input) === '/api/deposit/pix' && init?.method === 'POST'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : route(input, init),
    );
    renderRoute(<PixDepositPage />);
    const create = await screen.findByRole('button', { name: 'Criar QR Code' }, LONG);
    typeAmount(/Valor do depósito/, '150,00');
    await act(async () => {
      fireEvent.click(create);
      fireEvent.click(create);
    });
    await waitLong(() => expect((create as HTMLButtonElement).disabled).toBe(true));
    await act(async () => fireEvent.click(create));
    const posts = () =>
      fetchMock.mock.calls.filter(([u, i]) => String(u) === '/api/deposit/pix' && i?.method === 'POST');
    expect(posts()).toHaveLength(1);
    await act(async () => answer(jsonResponse(201, created)));
    const dialog = await screen.findByRole('dialog', { name: 'Pague com Pix' }, LONG);
    expect(within(dialog).getByText(/Expira em/).textContent).toMatch(/Expira em (30:00|29:5\d)/);
    expect(posts()).toHaveLength(1);
  });
});

describe('TED deposit', () => {
  it('keeps "Enviar comprovante" disabled until a receipt is chosen, and discards a file above 5 MB', async () => {
    api({
      'GET /api/deposit': () => jsonResponse(200, overview),
      'POST /api/deposit/ted': () =>
        jsonResponse(201, { deposit: { id: 3 }, message: 'Comprovante enviado. Vamos conferir a transferência.' }),
    });
    const { router } = renderRoute(<TedDepositPage />, { path: '/adicionar-dinheiro/ted' });
    expect(await screen.findByText('11.222.333/0001-81', undefined, LONG)).toBeTruthy();
    expect(screen.getByText(/Só aceitamos transferências feitas de uma conta em seu nome/)).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Enviar comprovante' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);

    const input = screen.getByLabelText('Comprovante da transferência', { selector: 'input' });
    const big = new File([new Uint8Array(5_242_881)], 'grande.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(getNotice()?.message).toBe(
      '"grande.pdf" não foi anexado. O arquivo é muito grande. O tamanho máximo permitido é 5.00 MB.',
    );
    expect(send.disabled).toBe(true);

    const receipt = new File(['%PDF-1.4'], 'comprovante.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [receipt] } });
    expect(screen.getByText('comprovante.pdf')).toBeTruthy();
    expect(send.disabled).toBe(false);

    typeAmount(/Valor transferido/, '300,00');
    await act(async () => fireEvent.click(send));
    await waitLong(() => expect(router.state.location.pathname).toBe('/adicionar-dinheiro'));
    expect(getNotice()?.message).toBe('Comprovante enviado. Vamos conferir a transferência.');
    const [, init] = calls('POST /api/deposit/ted')[0]!;
    const body = init?.body as FormData;
    expect(body.get('amount')).toBe('300.00');
    expect((body.get('receipt') as File).name).toBe('comprovante.pdf');
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
  });
});

describe('Withdrawal', { timeout: 20_000 }, () => {
  it('asks for a destination and the minimum, sends the code with a countdown, confirms with a summary', async () => {
    // the countdown reads the clock: only the clock is held (timers run), so the wait ends when the test says
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    api({
      'GET /api/withdrawal': () => jsonResponse(200, withdrawalOverview),
      'POST /api/withdrawal/verification-code': () =>
        jsonResponse(200, {
          message: 'Enviamos um código para o seu e-mail.',
          resendAfterSeconds: 30,
          validForSeconds: 600,
        }),
      'POST /api/withdrawal': () =>
        fetchMock.mock.calls.filter(([i, r]) => String(i) === '/api/withdrawal' && r?.method === 'POST').length === 1
          ? jsonResponse(422, {
              code: 'CODE_INVALID',
              message: 'Código inválido. Confira e tente novamente.',
              errors: { verificationCode: ['Código inválido. Confira e tente novamente.'] },
            })
          : jsonResponse(201, { withdrawal: { id: 1 }, message: 'Retirada solicitada.' }),
    });
    const { router } = renderRoute(<WithdrawMoneyPage />, { path: '/retirar-dinheiro' });
    const sendCode = await screen.findByRole('button', { name: 'Enviar código' }, LONG);
    expect(screen.getByText(/Você já usou as 2 retiradas grátis deste mês: esta retirada custa R\$ 9,90/)).toBeTruthy();

    typeAmount(/Valor da retirada/, '5,00');
    await act(async () => fireEvent.click(sendCode));
    await waitLong(() => expect(screen.getByText('Escolha uma das opções acima')).toBeTruthy());
    expect(helperOf(/Valor da retirada/)).toBe('O valor deve ser maior ou igual a R$ 10,00');
    expect(calls('POST /api/withdrawal/verification-code')).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: /maria@prata\.dev/ }));
    typeAmount(/Valor da retirada/, '100,00');
    // a double tap sends one e-mail
    await act(async () => {
      fireEvent.click(sendCode);
      fireEvent.click(sendCode);
    });
    const resend = await screen.findByRole('button', { name: /^Reenviar código em \d+ s$/ }, LONG);
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(calls('POST /api/withdrawal/verification-code')).toHaveLength(1);
    expect(JSON.parse(String(calls('POST /api/withdrawal/verification-code')[0]![1]?.body))).toEqual({
      amount: '100.00',
    });
    // the countdown ends: the resend sends the amount again
    vi.setSystemTime(Date.now() + 30_000);
    const again = await screen.findByRole('button', { name: 'Reenviar código' }, { timeout: 5000 });
    await act(async () => fireEvent.click(again));
    await waitLong(() => expect(calls('POST /api/withdrawal/verification-code')).toHaveLength(2));
    expect(JSON.parse(String(calls('POST /api/withdrawal/verification-code')[1]![1]?.body))).toEqual({
      amount: '100.00',
    });

    // the sixth digit opens the summary
    fireEvent.change(screen.getByLabelText(/Código de verificação/), { target: { value: '123456' } });
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar retirada?' }, LONG);
    const summary = dialog.textContent ?? '';
    for (const part of ['ValorR$ 100,00', 'Tarifa-R$ 9,90', 'Você recebeR$ 90,10', 'maria@prata.dev']) {
      expect(summary).toContain(part);
    }
    // a wrong code comes back on the code field
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar retirada' })));
    await waitLong(() => expect(helperOf(/Código de verificação/)).toBe('Código inválido. Confira e tente novamente.'));

    fireEvent.change(screen.getByLabelText(/Código de verificação/), { target: { value: '654321' } });
    const second = await screen.findByRole('dialog', { name: 'Confirmar retirada?' }, LONG);
    const confirm = within(second).getByRole('button', { name: 'Confirmar retirada' });
    await act(async () => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    await waitLong(() => expect(router.state.location.pathname).toBe('/meu-historico/dinheiro-retirado'));
    expect(getNotice()?.message).toBe('Retirada solicitada.');
    const [, init] = calls('POST /api/withdrawal')[1]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      verificationCode: '654321',
      bankingInformationId: 7,
      amount: '100.00',
    });
    // one withdrawal for the double tap, under a key of its own (the refused code was another intention)
    expect(calls('POST /api/withdrawal')).toHaveLength(2);
    const keyOf = (i: number) => new Headers(calls('POST /api/withdrawal')[i]![1]?.headers).get('Idempotency-Key');
    expect(keyOf(1)).toMatch(/^[\w-]{32,36}$/);
    expect(keyOf(1)).not.toBe(keyOf(0));
    // confirming never asks for another code
    expect(calls('POST /api/withdrawal/verification-code')).toHaveLength(2);
  });

  it('a reload, Back and Forward find the code step again for the same amount, without a new code', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    api({
      'GET /api/withdrawal': () => jsonResponse(200, withdrawalOverview),
      'POST /api/withdrawal/verification-code': () =>
        jsonResponse(200, { message: 'Enviamos um código para o seu e-mail.', ...CODE_WINDOWS }),
      'POST /api/withdrawal': () => jsonResponse(201, { withdrawal: { id: 1 }, message: 'Retirada solicitada.' }),
    });
    const first = renderRoute(<WithdrawMoneyPage />, { path: '/retirar-dinheiro' });
    fireEvent.click(await screen.findByRole('radio', { name: /maria@prata\.dev/ }, LONG));
    typeAmount(/Valor da retirada/, '100,00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enviar código' })));
    await screen.findByRole('button', { name: /^Reenviar código em \d+ s$/ }, LONG);
    expect(first.router.state.location.search).toBe('?etapa=codigo');
    // Back is the form, Forward the code step again
    await act(() => first.router.navigate(-1));
    await screen.findByRole('button', { name: 'Enviar código' }, LONG);
    expect(screen.queryByLabelText(/Código de verificação/)).toBeNull();
    await act(() => first.router.navigate(1));
    await screen.findByLabelText(/Código de verificação/, undefined, LONG);

    // the reload: the page comes back at the address, with what the tab kept
    vi.setSystemTime(Date.now() + 11_000);
    cleanup();
    renderRoute(<WithdrawMoneyPage />, { path: '/retirar-dinheiro', url: '/retirar-dinheiro?etapa=codigo' });
    const step = await screen.findByRole('region', { name: 'Código de confirmação' }, LONG);
    expect(step.textContent).toContain('confirma a retirada de R$ 100,00');
    const resend = within(step).getByRole('button', { name: 'Reenviar código em 49 s' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Código de verificação/), { target: { value: '123456' } });
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar retirada?' }, LONG);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar retirada' })));
    await waitLong(() => expect(calls('POST /api/withdrawal')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST /api/withdrawal')[0]![1]?.body))).toEqual({
      verificationCode: '123456',
      bankingInformationId: 7,
      amount: '100.00',
    });
    // one code for all of it, and the tab never kept it
    expect(calls('POST /api/withdrawal/verification-code')).toHaveLength(1);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('123456');
  });

  it('a code step restored after the code stopped confirming says so and offers another', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    api({
      'GET /api/withdrawal': () => jsonResponse(200, withdrawalOverview),
      'POST /api/withdrawal/verification-code': () =>
        jsonResponse(200, { message: 'Enviamos um código para o seu e-mail.', ...CODE_WINDOWS }),
    });
    renderRoute(<WithdrawMoneyPage />, { path: '/retirar-dinheiro' });
    fireEvent.click(await screen.findByRole('radio', { name: /maria@prata\.dev/ }, LONG));
    typeAmount(/Valor da retirada/, '100,00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enviar código' })));
    const step = await screen.findByRole('region', { name: 'Código de confirmação' }, LONG);
    expect(within(step).queryByText(MESSAGES.codeStepExpired)).toBeNull();
    // left open past the code's validity: said where the code is typed
    await act(async () => vi.advanceTimersByTime(CODE_WINDOWS.validForSeconds * 1000));
    expect(await within(step).findByText(MESSAGES.codeStepExpired)).toBeTruthy();

    // and a reload long after finds it so, with "Reenviar código" ready
    cleanup();
    renderRoute(<WithdrawMoneyPage />, { path: '/retirar-dinheiro', url: '/retirar-dinheiro?etapa=codigo' });
    const restored = await screen.findByRole('region', { name: 'Código de confirmação' }, LONG);
    expect(within(restored).getByText(MESSAGES.codeStepExpired)).toBeTruthy();
    const resend = within(restored).getByRole('button', { name: 'Reenviar código' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(false);
    await act(async () => fireEvent.click(resend));
    await waitLong(() => expect(calls('POST /api/withdrawal/verification-code')).toHaveLength(2));
    await waitLong(() => expect(within(restored).queryByText(MESSAGES.codeStepExpired)).toBeNull());
  });

  it('"Enviar código" for the amount of a code that may not be resent shows its step again', async () => {
    api({
      'GET /api/withdrawal': () => jsonResponse(200, withdrawalOverview),
      'POST /api/withdrawal/verification-code': () =>
        jsonResponse(200, { message: 'Enviamos um código para o seu e-mail.', ...CODE_WINDOWS }),
    });
    const { router } = renderRoute(<WithdrawMoneyPage />, {
      path: '/retirar-dinheiro',
      url: '/retirar-dinheiro?etapa=codigo',
    });
    // no code was sent in this tab: the address goes back to the form
    await screen.findByRole('button', { name: 'Enviar código' }, LONG);
    await waitLong(() => expect(router.state.location.search).toBe(''));
    fireEvent.click(screen.getByRole('radio', { name: /maria@prata\.dev/ }));
    typeAmount(/Valor da retirada/, '100,00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enviar código' })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Alterar valor' }, LONG)));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enviar código' })));
    await screen.findByLabelText(/Código de verificação/, undefined, LONG);
    expect(calls('POST /api/withdrawal/verification-code')).toHaveLength(1);
  });

  it('offers /meus-dados/dados-bancarios when there is no bank entry', async () => {
    api({ 'GET /api/withdrawal': () => jsonResponse(200, { ...withdrawalOverview, bankingInformation: [] }) });
    renderRoute(<WithdrawMoneyPage />);
    const link = await screen.findByRole('link', { name: 'Cadastrar dados bancários' }, LONG);
    expect(link.getAttribute('href')).toBe('/meus-dados/dados-bancarios');
  });
});

describe('Who may', () => {
  it("a 403 REGISTRATION_INCOMPLETE shows the server's message and goes to /register/finish", async () => {
    api({
      'GET /api/deposit': () =>
        jsonResponse(403, { code: 'REGISTRATION_INCOMPLETE', message: 'Conclua seu cadastro para continuar.' }),
    });
    const { router } = renderRoute(<AddMoneyPage />, { path: '/adicionar-dinheiro' });
    await waitLong(() => expect(router.state.location.pathname).toBe('/register/finish'));
    expect(getNotice()?.message).toBe('Conclua seu cadastro para continuar.');
  });

  it("under review, the server's message stays on the page", async () => {
    api({
      'GET /api/withdrawal': () =>
        jsonResponse(403, { code: 'REGISTRATION_UNDER_REVIEW', message: 'Seu cadastro está em análise.' }),
    });
    const { router } = renderRoute(<WithdrawMoneyPage />, { path: '/retirar-dinheiro' });
    expect(await screen.findByText('Seu cadastro está em análise.', undefined, LONG)).toBeTruthy();
    expect(screen.getByText('Cadastro em análise')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/retirar-dinheiro');
  });
});

describe('/adicionar-dinheiro', () => {
  it('lists the pending deposits and warns before TED', async () => {
    api({
      'GET /api/deposit': () =>
        jsonResponse(200, {
          ...overview,
          pendingDeposits: [
            {
              id: 9,
              amount: 300,
              created_at: '2026-03-10T13:05:00Z',
              status: 'pending',
              rejection_reason: null,
              asaas_payment_id: null,
              method: 'ted',
              credited_at: null,
              has_receipt: true,
            },
          ],
        }),
    });
    const { router } = renderRoute(<AddMoneyPage />, { path: '/adicionar-dinheiro' });
    expect(await screen.findByText('R$ 1.234,56', undefined, LONG)).toBeTruthy();
    // named by what it shows (WCAG 2.5.3): amount, date and form, in a list item of its own
    const list = screen.getByRole('list', { name: 'Depósitos pendentes' });
    const item = within(within(list).getByRole('listitem')).getByRole('button', {
      name: /^R\$ 300,00\s*10\/03\/2026 10:05\s*TED$/,
    });
    fireEvent.click(item);
    expect(await screen.findByRole('button', { name: 'Ver comprovante' }, LONG)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));

    fireEvent.click(screen.getByRole('button', { name: /^TED/ }));
    const warning = await screen.findByRole('dialog', { name: 'TED é mais demorada' }, LONG);
    fireEvent.click(within(warning).getByRole('button', { name: 'Continuar com TED' }));
    await waitLong(() => expect(router.state.location.pathname).toBe('/adicionar-dinheiro/ted'));
  });

  it('says when nothing is pending', async () => {
    api({ 'GET /api/deposit': () => jsonResponse(200, overview) });
    renderRoute(<AddMoneyPage />);
    expect(await screen.findByText('Nenhum depósito pendente.', undefined, LONG)).toBeTruthy();
  });
});
