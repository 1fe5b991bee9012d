// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MASKS, type MaskOptions } from '@prata/domain';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MaskedTextField, pastedCharacters } from './masked-text-field';

afterEach(cleanup);

function Field({
  mask,
  initial = '',
  onValue,
}: {
  mask: MaskOptions;
  initial?: string;
  onValue?: (v: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <MaskedTextField
      label="Campo"
      mask={mask}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

const input = () => screen.getByLabelText('Campo') as HTMLInputElement;

/** A paste as the browser sends it: the event, with the text on the clipboard, over the current selection. */
async function paste(text: string, selection?: [number, number]) {
  const el = input();
  el.focus();
  const [start, end] = selection ?? [el.value.length, el.value.length];
  el.setSelectionRange(start, end);
  await act(async () => {
    fireEvent.paste(el, { clipboardData: { getData: (type: string) => (type === 'text' ? text : '') } });
  });
}

describe('MaskedTextField: pasting formatted text', () => {
  it.each([
    ['celular', MASKS.celular, '+55 11 98765-4321', '(11) 98765-4321'],
    ['celular', MASKS.celular, '(11) 98765-4321', '(11) 98765-4321'],
    ['celular', MASKS.celular, '5511987654321', '(11) 98765-4321'],
    ['CPF', MASKS.cpf, '123.456.789-09', '123.456.789-09'],
    ['CPF', MASKS.cpf, ' 123 456 789 09 ', '123.456.789-09'],
    ['CEP', MASKS.cep, '01310-100', '01310-100'],
    ['CEP', MASKS.cep, '01310100', '01310-100'],
    ['CEP', MASKS.cep, '01.310-100', '01310-100'],
    ['CNPJ', MASKS.cnpj, '12.abc.345/01de-35', '12.ABC.345/01DE-35'],
    ['data', MASKS.date, '1990-03-15', '15/03/1990'],
  ])('%s: %j becomes %j', async (_name, mask, pasted, shown) => {
    let last = '';
    render(<Field mask={mask} onValue={(v) => (last = v)} />);
    await paste(pasted);
    expect(input().value).toBe(shown);
    expect(last).toBe(shown);
  });

  it('a paste over the whole value replaces it', async () => {
    render(<Field mask={MASKS.celular} initial="(21) 91111-2222" />);
    await paste('+55 11 98765-4321', [0, input().value.length]);
    expect(input().value).toBe('(11) 98765-4321');
  });

  it('a paste at the caret goes in between what was typed', async () => {
    render(<Field mask={MASKS.cep} initial="013" />);
    await paste('10-100');
    expect(input().value).toBe('01310-100');
  });

  it('pastedCharacters keeps what the slots take, after the mask’s own normalisation', () => {
    expect(pastedCharacters('+55 (11) 9 8765-4321', MASKS.celular)).toBe('11987654321');
    expect(pastedCharacters('CPF: 123.456.789-09', MASKS.cpf)).toBe('12345678909');
    expect(pastedCharacters('11.222.333/0001-81', MASKS.cnpj)).toBe('11222333000181');
  });
});
