// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { codeDigits } from '@/components/code-field';
import { CodeStep, resendLabel } from './code-step';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The page's part: a resend moves the deadline 60 s ahead. */
function Harness({ onResend, onSubmit }: { onResend: () => void; onSubmit: (code: string) => void }) {
  const [resendAt, setResendAt] = useState(() => Date.now() + 60_000);
  const [expiresAt, setExpiresAt] = useState(() => Date.now() + 600_000);
  return (
    <CodeStep
      method="email"
      resendAt={resendAt}
      expiresAt={expiresAt}
      destination="ana@prata.com"
      pending={false}
      onSubmit={(code) => onSubmit(code)}
      onResend={() => {
        onResend();
        setResendAt(Date.now() + 60_000);
        setExpiresAt(Date.now() + 600_000);
      }}
      onChangeMethod={() => {}}
    />
  );
}

function renderStep() {
  const onResend = vi.fn();
  const onSubmit = vi.fn();
  render(<Harness onResend={onResend} onSubmit={onSubmit} />);
  return { onResend, onSubmit };
}

const resendButton = () => screen.getByRole('button', { name: /Reenviar código/ }) as HTMLButtonElement;
const codeInput = () => screen.getByLabelText(/Código de verificação/) as HTMLInputElement;

function paste(input: HTMLElement, text: string) {
  fireEvent.paste(input, { clipboardData: { getData: (type: string) => (type === 'text' ? text : '') } });
}

describe('CodeStep', () => {
  it('says when the code sent has expired, and a new one clears it', () => {
    const { onResend } = renderStep();
    act(() => vi.advanceTimersByTime(599_000));
    expect(screen.queryByText(MESSAGES.codeStepExpired)).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText(MESSAGES.codeStepExpired).closest('[role="status"]')).not.toBeNull();
    act(() => fireEvent.click(resendButton()));
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(MESSAGES.codeStepExpired)).toBeNull();
  });

  it('keeps "Reenviar código" disabled for 60 s with a visible countdown', async () => {
    const { onResend } = renderStep();

    expect(resendButton().textContent).toBe('Reenviar código em 60 s');
    expect(resendButton().disabled).toBe(true);

    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(resendButton().textContent).toBe('Reenviar código em 59 s');
    expect(resendButton().disabled).toBe(true);

    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(resendButton().textContent).toBe('Reenviar código');
    expect(resendButton().disabled).toBe(false);

    await act(async () => {
      fireEvent.click(resendButton());
    });
    expect(onResend).toHaveBeenCalledOnce();
    expect(resendButton().textContent).toBe('Reenviar código em 60 s');
    expect(resendButton().disabled).toBe(true);
  });

  it("asks for the code ('Informe o código')", async () => {
    const { onSubmit } = renderStep();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    });
    expect(screen.getByText('Informe o código')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes digits only: letters and symbols typed are dropped', async () => {
    const { onSubmit } = renderStep();
    await act(async () => {
      fireEvent.change(codeInput(), { target: { value: '12a' } });
    });
    expect(codeInput().value).toBe('12');
    await act(async () => {
      fireEvent.change(codeInput(), { target: { value: '12x-3' } });
    });
    expect(codeInput().value).toBe('123');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    ['123-456', '123456'],
    [' Seu código: 654 321 ', '654321'],
  ])('a pasted %j keeps its digits and signs in by itself', async (pasted, digits) => {
    const { onSubmit } = renderStep();
    await act(async () => {
      paste(codeInput(), pasted);
    });
    expect(codeInput().value).toBe(digits);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(digits);
  });

  it('submits when the sixth digit is typed (or filled in by the phone)', async () => {
    const { onSubmit } = renderStep();
    await act(async () => {
      fireEvent.change(codeInput(), { target: { value: '12345' } });
    });
    expect(onSubmit).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.change(codeInput(), { target: { value: '123456' } });
    });
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('labels the countdown in seconds', () => {
    expect(resendLabel(59)).toBe('Reenviar código em 59 s');
    expect(resendLabel(0)).toBe('Reenviar código');
  });

  it('codeDigits keeps at most six digits', () => {
    expect(codeDigits('12 34 56 78')).toBe('123456');
    expect(codeDigits('abc')).toBe('');
  });
});
