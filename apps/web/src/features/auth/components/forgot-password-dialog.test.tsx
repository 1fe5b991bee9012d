// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/render';
import { ForgotPasswordDialog } from './forgot-password-dialog';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('ForgotPasswordDialog', () => {
  it("a double click on 'Enviar link' sends one e-mail, under an Idempotency-Key", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const onClose = vi.fn();
    render(<ForgotPasswordDialog open initialEmail="ana@exemplo.com" onClose={onClose} />);
    const send = screen.getByRole('button', { name: 'Enviar link' });
    await act(async () => {
      fireEvent.click(send);
      fireEvent.click(send);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();
    await act(async () => answer(jsonResponse(200, { message: 'Se o e-mail estiver cadastrado, enviaremos o link.' })));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
