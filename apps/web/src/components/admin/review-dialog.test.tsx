// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@prata/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { getNotice } from '@/lib/notify';
import { ReviewDialog } from './review-dialog';

afterEach(cleanup);

describe('ReviewDialog', () => {
  it('a rejection needs a reason: empty (or blank) shows "Informe o motivo" and sends nothing', async () => {
    const onSubmit = vi.fn(async () => ({ message: 'Retirada recusada.' }));
    const onClose = vi.fn();
    render(
      <ReviewDialog decision="reject" title="Recusar?" confirmLabel="Recusar" onSubmit={onSubmit} onClose={onClose} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText(MESSAGES.reasonRequired)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Motivo/ }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText(MESSAGES.reasonRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: /Motivo/ }), { target: { value: ' Conta de terceiro ' } });
    expect(screen.queryByText(MESSAGES.reasonRequired)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Recusar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith('Conta de terceiro', expect.any(String));
    expect(getNotice()).toMatchObject({ message: 'Retirada recusada.', severity: 'success' });
  });

  it("shows the server's refusal of the reason under the field and stays open", async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, 'Dados inválidos', {
        code: 'VALIDATION_FAILED',
        errors: { reason: ['Motivo longo demais'] },
      });
    });
    render(
      <ReviewDialog decision="reject" title="Recusar?" confirmLabel="Recusar" onSubmit={onSubmit} onClose={onClose} />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Motivo/ }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText('Motivo longo demais')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('an approval has no reason field; a payout the bank refused is a warning with its message', async () => {
    const onSubmit = vi.fn(async () => ({ message: 'Chave Pix inexistente', ok: false }));
    const onClose = vi.fn();
    render(
      <ReviewDialog
        decision="approve"
        title="Aprovar?"
        confirmLabel="Aprovar e pagar"
        onSubmit={onSubmit}
        onClose={onClose}
      >
        <p>R$ 90,10 serão enviados.</p>
      </ReviewDialog>,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar e pagar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(null, expect.any(String));
    expect(getNotice()).toMatchObject({ message: 'Chave Pix inexistente', severity: 'warning' });
  });
});
