// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, notify } from '@/lib/notify';
import { aUser } from '@/testing/fixtures';
import { jsonResponse, renderRoute } from '@/testing/render';
import type { RegisterFinishUser } from '../api/get-register-finish';
import { IDENTITY_LOCKED_NOTICE, PersonalDataForm } from './personal-step';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  notify.close();
});

function user(approvedAt: string | null = null): RegisterFinishUser {
  return aUser({
    id: 3,
    name: 'Carla Dias',
    email: 'carla@exemplo.com',
    account_type: 'individual',
    cpf: '11144477735',
    nascimento: '1990-03-15',
    celular: '11987651234',
    sexo: 'F',
    estado_civil: 'S',
    conjuge_nome: null,
    conjuge_cpf: null,
    conjuge_nascimento: null,
    politicamente_exposto: false,
    americano: false,
    naturalizacao_americana: false,
    caracteristica_us_person: false,
    contribuinte_americano: false,
    addresses: [],
    registration_steps: { personal: true, address: true, fatca: true, company: false },
    approved_at: approvedAt,
  });
}

const bodyOf = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body)) as Record<string, unknown>;

/** The save's answer when the stored contact changes: a code is required (the dialog asks for one). */
const codeRequired = () =>
  jsonResponse(422, {
    message: MESSAGES.contactCodeRequired,
    errors: { code: [MESSAGES.contactCodeRequired] },
    code: 'CONTACT_CODE_REQUIRED',
  });

/** The code sent to the account's e-mail, with the server's resend window. */
const codeSent = (resendAfterSeconds: number) =>
  jsonResponse(200, { message: MESSAGES.codeSentEmail, resendAfterSeconds, validForSeconds: 600 });

/** A code asked for within the resend window: 429 with the server's Retry-After. */
const resendRefused = (seconds: number) =>
  new Response(JSON.stringify({ code: 'CODE_RESEND_WAIT', message: MESSAGES.codeResendWait(seconds) }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': String(seconds) },
  });

/** "Salvar alterações", answered by codeRequired: the code's dialog. */
async function saveToCodeDialog() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
  });
  return screen.findByRole('dialog', { name: 'Confirme a alteração' });
}

describe('PersonalDataForm (edit)', { timeout: 20_000 }, () => {
  it('asks for the code sent to the account e-mail when the server requires one, and saves with it', async () => {
    renderRoute(<PersonalDataForm user={user()} mode="edit" />);
    fetchMock
      .mockResolvedValueOnce(codeRequired())
      .mockResolvedValueOnce(codeSent(45))
      .mockResolvedValueOnce(
        jsonResponse(422, {
          code: 'CODE_INVALID',
          message: MESSAGES.codeInvalid,
          errors: { code: [MESSAGES.codeInvalid] },
        }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { message: MESSAGES.personalDataSaved }));

    const dialog = await saveToCodeDialog();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/user/contact-code');
    expect(bodyOf(1)).toEqual({ celular: '11987651234' });
    expect(dialog.textContent).toContain('carla@exemplo.com');
    // the server's resend window, not a constant of the screen
    expect(within(dialog).getByRole('button', { name: 'Reenviar código em 45 s' })).toHaveProperty('disabled', true);

    const code = within(dialog).getByLabelText('Código de verificação');
    fireEvent.change(code, { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    });
    expect(bodyOf(2)).toMatchObject({ celular: '11987651234', code: '123456' });
    expect(await within(dialog).findByText(MESSAGES.codeInvalid)).toBeTruthy();

    fireEvent.change(code, { target: { value: '654321' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    });
    expect(bodyOf(3)).toMatchObject({ code: '654321' });
    await vi.waitFor(() => expect(getNotice()?.message).toBe(MESSAGES.personalDataSaved));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a code already sent (429 CODE_RESEND_WAIT): the dialog opens with the wait the server names', async () => {
    renderRoute(<PersonalDataForm user={user()} mode="edit" />);
    fetchMock.mockResolvedValueOnce(codeRequired()).mockResolvedValueOnce(resendRefused(20));
    const dialog = await saveToCodeDialog();
    expect(within(dialog).getByText(MESSAGES.codeResendWait(20))).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reenviar código em 20 s' })).toHaveProperty('disabled', true);
  });

  it('a resend the server refuses (429) counts down the wait it names', async () => {
    renderRoute(<PersonalDataForm user={user()} mode="edit" />);
    fetchMock
      .mockResolvedValueOnce(codeRequired())
      .mockResolvedValueOnce(codeSent(0))
      .mockResolvedValueOnce(resendRefused(30));
    const dialog = await saveToCodeDialog();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reenviar código' })));
    expect(await within(dialog).findByText(MESSAGES.codeResendWait(30))).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reenviar código em 30 s' })).toHaveProperty('disabled', true);
  });

  it('saves once on a double click of "Salvar alterações"', async () => {
    renderRoute(<PersonalDataForm user={user()} mode="edit" />);
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const save = screen.getByRole('button', { name: 'Salvar alterações' });
    // both clicks land before the page draws the button disabled, as a quick double click's do
    await act(async () => {
      fireEvent.click(save);
      fireEvent.click(save);
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/user/pessoais']);
    await act(async () => answer(jsonResponse(200, { message: MESSAGES.personalDataSaved })));
    await vi.waitFor(() => expect(getNotice()?.message).toBe(MESSAGES.personalDataSaved));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows name and birth date read-only once the registration is approved', async () => {
    renderRoute(<PersonalDataForm user={user('2026-02-01T00:00:00Z')} mode="edit" />);
    expect(screen.getByText(IDENTITY_LOCKED_NOTICE)).toBeTruthy();
    expect(screen.getByLabelText('Nome completo')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('Data de nascimento')).toHaveProperty('readOnly', true);
    expect((screen.getByLabelText('Data de nascimento') as HTMLInputElement).value).toBe('15/03/1990');
    expect(screen.getByLabelText('CPF')).toHaveProperty('readOnly', true);

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { message: MESSAGES.personalDataSaved }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    });
    // the stored values are still sent, unchanged
    expect(bodyOf(0)).toMatchObject({ name: 'Carla Dias', nascimento: '1990-03-15', cpf: '11144477735' });
  });
});
