// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STATUS_LABELS, StatusChip, StatusWithReason, statusLabel } from './status-chip';

afterEach(cleanup);

describe('StatusChip', () => {
  it("shows the spec's labels", () => {
    expect(STATUS_LABELS).toEqual({
      pending: 'Em análise',
      cancelled: 'Cancelado',
      approved: 'Aprovado',
      rejected: 'Recusado',
      sent: 'Enviado',
      delivered: 'Entregue',
      completed: 'Realizada',
    });
    for (const [status, label] of Object.entries(STATUS_LABELS)) {
      render(<StatusChip status={status} />);
      expect(screen.getByText(label)).toBeTruthy();
      cleanup();
    }
  });

  it('keeps an unknown status visible and accepts extra labels', () => {
    expect(statusLabel('on_hold')).toBe('on_hold');
    render(<StatusChip status="closed" labels={{ closed: 'Encerrado' }} />);
    expect(screen.getByText('Encerrado')).toBeTruthy();
  });

  it("offers 'ver motivo' for a rejection with a reason, which opens the reason", () => {
    render(<StatusWithReason status="rejected" reason="Comprovante ilegível" />);
    expect(screen.getByText('Recusado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ver motivo' }));
    expect(screen.getByRole('dialog', { name: 'Motivo da recusa' })).toBeTruthy();
    expect(screen.getByText('Comprovante ilegível')).toBeTruthy();
  });

  it("has no 'ver motivo' for other statuses or without a reason", () => {
    render(
      <>
        <StatusWithReason status="approved" reason="n/a" />
        <StatusWithReason status="rejected" reason={null} />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'ver motivo' })).toBeNull();
  });
});
