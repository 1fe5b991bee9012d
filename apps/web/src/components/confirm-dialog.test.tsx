// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderOpen = () => {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(<ConfirmDialog open title="Pagar com saldo?" confirmLabel="Pagar" onConfirm={onConfirm} onClose={onClose} />);
  return { onConfirm, onClose };
};

describe('ConfirmDialog', () => {
  it('the second click of the double click that opened it neither confirms nor cancels', () => {
    const { onConfirm, onClose } = renderOpen();
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }), { detail: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }), { detail: 2 });
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a first click confirms, and so does an activation with no click count (Enter, a screen reader)', () => {
    const { onConfirm, onClose } = renderOpen();
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }), { detail: 1 });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }), { detail: 0 });
    expect(onConfirm).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }), { detail: 1 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
