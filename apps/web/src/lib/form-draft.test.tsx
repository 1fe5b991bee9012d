// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearToken, setToken } from './auth-storage';
import { clearFormDrafts, readFormDraft, useFormDraft } from './form-draft';
import { fakeJwt, nowSeconds } from '@/testing/jwt';

function Form() {
  const [amount, setAmount] = useState('');
  const [code, setCode] = useState('');
  useFormDraft('teste', { amount, code, senha: 'x' }, (draft) => setAmount(String(draft.amount ?? '')));
  return (
    <form>
      <input aria-label="Valor" value={amount} onChange={(e) => setAmount(e.target.value)} />
      <input aria-label="Código" value={code} onChange={(e) => setCode(e.target.value)} />
      <button type="button" onClick={() => setAmount('')}>
        Enviado
      </button>
    </form>
  );
}

const valor = () => screen.getByLabelText('Valor') as HTMLInputElement;

beforeEach(() => {
  sessionStorage.clear();
  setToken(fakeJwt({ sub: 1, exp: nowSeconds() + 3600 }));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('useFormDraft', () => {
  it('keeps what was typed, never a code or a password, and gives it back to the form when it comes again', () => {
    render(<Form />);
    fireEvent.change(valor(), { target: { value: '1.234,56' } });
    fireEvent.change(screen.getByLabelText('Código'), { target: { value: '123456' } });
    expect(readFormDraft('teste')).toEqual({ amount: '1.234,56' });
    expect(sessionStorage.getItem('formDraft:teste')).not.toContain('123456');

    // the session ends: the page goes away without a live session, the draft waits
    clearToken();
    cleanup();
    expect(readFormDraft('teste')).toEqual({ amount: '1.234,56' });
    setToken(fakeJwt({ sub: 1, exp: nowSeconds() + 3600 }));
    render(<Form />);
    expect(valor().value).toBe('1.234,56');
  });

  it('goes when the form is emptied (a successful submit), when the page is left signed in, and at logout', () => {
    render(<Form />);
    fireEvent.change(valor(), { target: { value: '50' } });
    act(() => fireEvent.click(screen.getByText('Enviado')));
    expect(readFormDraft('teste')).toBeNull();

    fireEvent.change(valor(), { target: { value: '70' } });
    cleanup();
    expect(readFormDraft('teste')).toBeNull();

    sessionStorage.setItem('formDraft:outro', JSON.stringify({ amount: '9' }));
    clearFormDrafts();
    expect(readFormDraft('outro')).toBeNull();
  });
});
