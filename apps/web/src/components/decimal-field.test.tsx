// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DecimalTextField } from './decimal-field';
import { MoneyTextField } from './money-field';

afterEach(cleanup);

/** The form around the field: what it holds is written in a line under it; a button resets it from outside. */
function Form({ unit, max = 1_000_000, initial = '' }: { unit?: 'g' | '%'; max?: number; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {unit ? (
        <DecimalTextField label="Campo" unit={unit} max={max} value={value} onChange={setValue} />
      ) : (
        <MoneyTextField label="Campo" value={value} onChange={setValue} />
      )}
      <output data-testid="held">{value}</output>
      <button type="button" onClick={() => setValue('2500.5')}>
        Redefinir
      </button>
    </>
  );
}

const input = () => screen.getByLabelText('Campo') as HTMLInputElement;
const held = () => screen.getByTestId('held').textContent;

/** Types the text one character at a time, as a person does: each keystroke appends to what the field shows. */
function type(text: string) {
  for (const char of text) fireEvent.change(input(), { target: { value: input().value + char } });
}

/** A paste as the browser sends it, over the whole (empty or selected) field. */
async function paste(text: string) {
  const el = input();
  el.focus();
  el.setSelectionRange(0, el.value.length);
  await act(async () => {
    fireEvent.paste(el, { clipboardData: { getData: (type: string) => (type === 'text' ? text : '') } });
  });
}

describe('DecimalTextField', () => {
  it('holds 1234.56 when "1.234,56" is typed keystroke by keystroke, and shows what was typed', () => {
    render(<Form />);
    type('1.234,56');
    expect(input().value).toBe('1.234,56');
    expect(held()).toBe('1234.56');
  });

  it.each([
    ['1000', '1000', '1.000,00'],
    ['1.000', '1000', '1.000,00'],
    ['12,5', '12.5', '12,50'],
    ['12.5', '12.5', '12,50'],
    [',5', '0.5', '0,50'],
  ])('grams: typing %j holds %j and shows %j after blur', (typed, expected, formatted) => {
    render(<Form unit="g" />);
    type(typed);
    expect(held()).toBe(expected);
    fireEvent.blur(input());
    expect(input().value).toBe(formatted);
    expect(held()).toBe(expected);
  });

  it('reads a pasted "R$ 1.500,00" whole and shows it formatted', async () => {
    render(<Form />);
    await paste('R$ 1.500,00');
    expect(input().value).toBe('1.500,00');
    expect(held()).toBe('1500.00');
  });

  it('reads "R$ 1.500,00" inserted at once (an autofill, a keyboard paste) whole', () => {
    render(<Form />);
    fireEvent.change(input(), { target: { value: 'R$ 1.500,00' } });
    expect(input().value).toBe('1.500,00');
    expect(held()).toBe('1500.00');
  });

  it('reads a pasted "1.000 g" into a grams field', async () => {
    render(<Form unit="g" />);
    await paste('1.000 g');
    expect(held()).toBe('1000');
  });

  it('drops what cannot be part of an amount', () => {
    render(<Form />);
    type('1a2 -3');
    expect(input().value).toBe('123');
    expect(held()).toBe('123');
  });

  it('refuses a second comma, a third decimal and a keystroke past the maximum', () => {
    render(<Form unit="%" max={100} />);
    type('12,5,');
    expect(input().value).toBe('12,5');
    type('07');
    expect(input().value).toBe('12,50');
    expect(held()).toBe('12.50');
    fireEvent.change(input(), { target: { value: '' } });
    type('1000');
    expect(input().value).toBe('100');
    expect(held()).toBe('100');
  });

  it('holds the text itself while it is not an amount yet, so the form says why', () => {
    render(<Form />);
    type('1.2345');
    expect(held()).toBe('1.2345');
    fireEvent.blur(input());
    expect(input().value).toBe('1.2345');
  });

  it('holds an empty text when the field is cleared', () => {
    render(<Form initial="10.00" />);
    expect(input().value).toBe('10,00');
    fireEvent.change(input(), { target: { value: '' } });
    expect(held()).toBe('');
    type(',');
    expect(held()).toBe('');
  });

  it('shows a value set from outside formatted', () => {
    render(<Form />);
    type('7');
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir' }));
    expect(input().value).toBe('2.500,50');
    expect(held()).toBe('2500.5');
  });

  it('asks phones for the decimal keyboard', () => {
    render(<Form />);
    expect(input().inputMode).toBe('decimal');
  });
});
