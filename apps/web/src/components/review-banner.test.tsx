import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewBanner } from './review-banner';

afterEach(cleanup);

describe('ReviewBanner', () => {
  it('says the registration is under review while nobody approved it', () => {
    render(<ReviewBanner approvedAt={null} />);
    expect(screen.getByText('Cadastro em análise')).toBeTruthy();
  });

  it('shows the refusal and its reason', () => {
    render(<ReviewBanner approvedAt={null} rejectionReason="Documento ilegível" />);
    expect(screen.getByText('Cadastro recusado')).toBeTruthy();
    expect(screen.getByText(/Seu cadastro foi recusado: Documento ilegível\./)).toBeTruthy();
    expect(screen.queryByText('Cadastro em análise')).toBeNull();
  });

  it('shows nothing once approved', () => {
    const { container } = render(<ReviewBanner approvedAt="2026-11-22T10:00:00Z" rejectionReason={null} />);
    expect(container.textContent).toBe('');
  });
});
