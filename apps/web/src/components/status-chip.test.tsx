// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SILVER_WITHDRAWAL_STATUS_LABELS } from '@prata/domain';
import { STATUS_COLORS, STATUS_LABELS, StatusChip, StatusWithReason, statusLabel } from './status-chip';

afterEach(cleanup);

describe('StatusChip', () => {
  it("shows the spec's labels", () => {
    expect(STATUS_LABELS).toEqual({
      pending: 'Em análise',
      cancelled: 'Cancelado',
      approved: 'Aprovado',
      rejected: 'Recusado',
      paid: 'Pago',
      sent: 'Enviado',
      delivered: 'Entregue',
      expired: 'Expirado',
      completed: 'Realizada',
    });
    for (const [status, label] of Object.entries(STATUS_LABELS)) {
      render(<StatusChip status={status} />);
      expect(screen.getByText(label)).toBeTruthy();
      cleanup();
    }
  });

  it("a silver order's statuses have a colour each and the labels of SILVER_WITHDRAWAL_STATUS_LABELS", () => {
    for (const [status, label] of Object.entries(SILVER_WITHDRAWAL_STATUS_LABELS)) {
      expect(STATUS_COLORS[status], status).toBeDefined();
      if (status !== 'pending') expect(statusLabel(status), status).toBe(label);
    }
    expect([STATUS_COLORS.paid, STATUS_COLORS.sent, STATUS_COLORS.delivered, STATUS_COLORS.expired]).toEqual([
      'secondary',
      'info',
      'success',
      'default',
    ]);
    render(<StatusChip status="paid" />);
    expect(screen.getByText('Pago').closest('.MuiChip-root')!.className).toContain('MuiChip-colorSecondary');
    cleanup();
    render(<StatusChip status="expired" />);
    expect(screen.getByText('Expirado').closest('.MuiChip-root')!.className).toContain('MuiChip-colorDefault');
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
