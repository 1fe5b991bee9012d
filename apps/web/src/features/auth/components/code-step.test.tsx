// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeStep, resendLabel } from './code-step';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderStep(onResend = vi.fn(async () => true), onSubmit = vi.fn()) {
  render(
    <CodeStep
      method="email"
      resendAfterSeconds={60}
      destination="ana@prata.com"
      pending={false}
      onSubmit={onSubmit}
      onResend={onResend}
      onChangeMethod={() => {}}
    />,
  );
  return { onResend, onSubmit };
}

const resendButton = () => screen.getByRole('button', { name: /Reenviar código/ }) as HTMLButtonElement;

describe('CodeStep', () => {
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

  it('labels the countdown in seconds', () => {
    expect(resendLabel(59)).toBe('Reenviar código em 59 s');
    expect(resendLabel(0)).toBe('Reenviar código');
  });
});
