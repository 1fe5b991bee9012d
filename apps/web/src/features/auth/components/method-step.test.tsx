// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginUser } from '@/lib/auth';
import { EMAIL_DISPLAY_MAX, MethodStep, truncateEmail } from './method-step';

afterEach(cleanup);

const LONG_EMAIL = 'maria.aparecida.dos.santos.oliveira@empresa-exemplo.com.br';

const user = (celular: string | null): LoginUser => ({
  id: 7,
  name: 'Maria',
  email: LONG_EMAIL,
  email_verified_at: '2026-01-01T00:00:00Z',
  celular,
});

describe('MethodStep', () => {
  it('shows the e-mail cut at 33 characters', () => {
    render(<MethodStep user={user(null)} email={LONG_EMAIL} pending={false} onChoose={() => {}} onBack={() => {}} />);

    const shown = LONG_EMAIL.slice(0, EMAIL_DISPLAY_MAX);
    expect(EMAIL_DISPLAY_MAX).toBe(33);
    expect(screen.getByText(`${shown}…`)).toBeTruthy();
    expect(screen.queryByText(LONG_EMAIL)).toBeNull();
  });

  it('keeps short e-mails whole', () => {
    expect(truncateEmail('ana@prata.com')).toBe('ana@prata.com');
    expect(truncateEmail('a'.repeat(33))).toBe('a'.repeat(33));
    expect(truncateEmail('a'.repeat(34))).toBe(`${'a'.repeat(33)}…`);
  });

  it('offers SMS only when the account has a mobile number', () => {
    const onChoose = vi.fn();
    const { rerender } = render(
      <MethodStep user={user(null)} email={LONG_EMAIL} pending={false} onChoose={onChoose} onBack={() => {}} />,
    );
    expect(screen.queryByText('SMS')).toBeNull();

    rerender(
      <MethodStep
        user={user('(11) 9****-4321')}
        email={LONG_EMAIL}
        pending={false}
        onChoose={onChoose}
        onBack={() => {}}
      />,
    );
    expect(screen.getByText('(11) 9****-4321')).toBeTruthy();
    fireEvent.click(screen.getByText('SMS'));
    expect(onChoose).toHaveBeenCalledWith('sms', expect.any(String));
  });
});
