// @vitest-environment jsdom
import { zodResolver } from '@hookform/resolvers/zod';
import { MASKS } from '@prata/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SexoField } from './sexo-field';
import { FormCodeField } from '@/components/code-field';
import { FormPasswordField, FormTextField } from '@/components/form-fields';
import { FormMaskedField } from '@/components/form-masked-field';
import { FormMoneyField } from '@/components/money-field';

afterEach(cleanup);

const REQUIRED = 'Campo obrigatório';
const schema = z.object({
  nome: z.string().min(1, REQUIRED),
  valor: z.string().min(1, REQUIRED),
  cpf: z.string().min(1, REQUIRED),
  codigo: z.string().min(1, REQUIRED),
  senha: z.string().min(1, REQUIRED),
  sexo: z.string().min(1, REQUIRED),
});
type Fields = z.infer<typeof schema>;

/** Every kind of field the app binds to react-hook-form, all empty, so a submit finds an error in each. */
function AllFields() {
  const { control, handleSubmit } = useForm<Fields>({
    resolver: zodResolver(schema),
    defaultValues: { nome: '', valor: '', cpf: '', codigo: '', senha: '', sexo: '' },
  });
  return (
    <form noValidate onSubmit={handleSubmit(() => {})}>
      <FormTextField control={control} name="nome" label="Nome" />
      <FormMoneyField control={control} name="valor" label="Valor" />
      <FormMaskedField control={control} name="cpf" label="CPF" mask={MASKS.cpf} />
      <FormCodeField control={control} name="codigo" label="Código" />
      <FormPasswordField control={control} name="senha" label="Senha" />
      <SexoField control={control} name="sexo" />
      <button type="submit">Enviar</button>
    </form>
  );
}

/** A radio group alone, so it is the first invalid field. */
function OnlySexo() {
  const { control, handleSubmit } = useForm<{ sexo: string }>({
    resolver: zodResolver(z.object({ sexo: z.string().min(1, REQUIRED) })),
    defaultValues: { sexo: '' },
  });
  return (
    <form noValidate onSubmit={handleSubmit(() => {})}>
      <SexoField control={control} name="sexo" />
      <button type="submit">Enviar</button>
    </form>
  );
}

/** The text of the elements an element's aria-describedby points at. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('field errors (a screen reader hears the error with its field)', () => {
  it('ties each error to its input (aria-describedby, aria-invalid) and focuses the first invalid field', async () => {
    render(<AllFields />);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const nome = screen.getByRole('textbox', { name: 'Nome' });
    await waitFor(() => expect(nome.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(nome);

    for (const input of [
      nome,
      screen.getByRole('textbox', { name: 'Valor' }),
      screen.getByRole('textbox', { name: 'CPF' }),
      screen.getByRole('textbox', { name: 'Código' }),
      screen.getByLabelText('Senha', { selector: 'input' }),
    ]) {
      expect(input.getAttribute('aria-invalid'), input.getAttribute('name') ?? '').toBe('true');
      expect(description(input), input.getAttribute('name') ?? '').toBe(REQUIRED);
    }
    const sexo = screen.getByRole('radiogroup', { name: 'Sexo' });
    expect(sexo.getAttribute('aria-invalid')).toBe('true');
    expect(description(sexo)).toBe(REQUIRED);
  });

  it('focuses a radio group when it is the first invalid field', async () => {
    render(<OnlySexo />);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.getByRole('radiogroup').getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(screen.getAllByRole('radio')[0]);
  });
});
