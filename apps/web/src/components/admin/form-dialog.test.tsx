// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { getNotice } from '@/lib/notify';
import { closeOnSave, FormDialog } from './form-dialog';

afterEach(cleanup);

const dialog = (pending: boolean, onSubmit = vi.fn(), onClose = vi.fn()) =>
  render(
    <FormDialog
      open
      titleId="x-title"
      title="Novo item"
      submitLabel="Criar item"
      pending={pending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <input aria-label="Nome" />
    </FormDialog>,
  );

describe('FormDialog', () => {
  it('is a dialog named by its title whose submit button submits the form, and Cancelar closes it', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onClose = vi.fn();
    dialog(false, onSubmit, onClose);
    expect(screen.getByRole('dialog', { name: 'Novo item' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Criar item' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('while the save is pending, both buttons are off and Esc does not close it', () => {
    const onClose = vi.fn();
    dialog(true, vi.fn(), onClose);
    expect((screen.getByRole('button', { name: 'Cancelar' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Criar item' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('closeOnSave', () => {
  it("shows the server's message and closes, or puts the server's errors under the form's fields", () => {
    const onClose = vi.fn();
    const setError = vi.fn();
    const { onSuccess, onError } = closeOnSave(onClose, setError, ['code']);
    onSuccess({ message: 'Cupom salvo.' });
    expect(getNotice()).toMatchObject({ message: 'Cupom salvo.', severity: 'success' });
    expect(onClose).toHaveBeenCalledOnce();

    onError(new ApiError(422, 'Dados inválidos', { code: 'VALIDATION_FAILED', errors: { code: ['Código em uso'] } }));
    expect(setError).toHaveBeenCalledWith('code', { type: 'server', message: 'Código em uso' }, { shouldFocus: true });
    expect(onClose).toHaveBeenCalledOnce();
  });
});
