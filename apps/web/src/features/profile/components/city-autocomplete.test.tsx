// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@prata/domain';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { City } from '@/lib/auth';
import { jsonResponse, renderRoute } from '@/testing/render';
import { typedCity } from '../api/search-cities';
import { CityAutocomplete } from './city-autocomplete';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const city = (id: number, name: string, state: string): City => ({
  id,
  name,
  state,
  description: `${name} - ${state}`,
});
const SAO_PAULO = city(3550308, 'São Paulo', 'SP');
const SAO_PAULO_DAS_MISSOES = city(4319356, 'São Paulo das Missões', 'RS');
const BOM_JESUS = [
  city(4302501, 'Bom Jesus', 'RS'),
  city(2201903, 'Bom Jesus', 'PI'),
  city(2401800, 'Bom Jesus', 'RN'),
];

/** The search answers these cities, whatever is typed (the server's ranking is tested on the server). */
const answer = (cities: City[]) => fetchMock.mockImplementation(async () => jsonResponse(200, { cities }) as Response);

function Harness({ state, initial = null }: { state?: string; initial?: City | null }) {
  const [value, setValue] = useState<City | null>(initial);
  return (
    <>
      <CityAutocomplete value={value} onChange={setValue} state={state} />
      <output aria-label="escolhida">{value?.id ?? 'nenhuma'}</output>
    </>
  );
}

const field = () => screen.getByLabelText(/^Cidade/) as HTMLInputElement;
const chosen = () => screen.getByLabelText('escolhida').textContent;
async function typeAndLeave(text: string) {
  const input = field();
  input.focus();
  fireEvent.change(input, { target: { value: text } });
  await act(async () => {
    fireEvent.blur(input);
  });
}

describe('CityAutocomplete: a city typed without picking it', () => {
  it('takes the one city of the state the text names, accents and case aside', async () => {
    answer([SAO_PAULO, SAO_PAULO_DAS_MISSOES]);
    renderRoute(<Harness state="SP" />);
    await typeAndLeave('sao PAULO');
    await waitFor(() => expect(chosen()).toBe(String(SAO_PAULO.id)));
    expect(field().value).toBe('São Paulo - SP');
    expect(screen.queryByText(MESSAGES.cityChooseFromList)).toBeNull();
  });

  it('keeps a text that names several cities or none, and says to choose from the list', async () => {
    answer(BOM_JESUS);
    renderRoute(<Harness />);
    await typeAndLeave('Bom Jesus');
    expect(await screen.findByText('Escolha a cidade na lista')).toBeTruthy();
    expect(field().value).toBe('Bom Jesus');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(chosen()).toBe('nenhuma');

    answer([]);
    await typeAndLeave('Cidade Inventada');
    expect(await screen.findByText(MESSAGES.cityChooseFromList)).toBeTruthy();
    expect(field().value).toBe('Cidade Inventada');
  });

  it('unpicks a chosen city typed over, and keeps the new text', async () => {
    answer([]);
    renderRoute(<Harness initial={SAO_PAULO} />);
    expect(field().value).toBe('São Paulo - SP');
    await typeAndLeave('São Paulx');
    await waitFor(() => expect(chosen()).toBe('nenhuma'));
    expect(field().value).toBe('São Paulx');
    expect(await screen.findByText(MESSAGES.cityChooseFromList)).toBeTruthy();
  });
});

describe('typedCity', () => {
  it('matches the whole name in the state, or the name with its UF', () => {
    expect(typedCity('bom jesus', BOM_JESUS)).toBeNull();
    expect(typedCity('bom jesus', BOM_JESUS, 'pi')?.id).toBe(2201903);
    expect(typedCity('Bom Jesus/RN', BOM_JESUS)?.id).toBe(2401800);
    expect(typedCity('Bom Jesus - RS', BOM_JESUS, 'SP')?.id).toBe(4302501);
    expect(typedCity('Bom', BOM_JESUS, 'PI')).toBeNull();
    expect(typedCity('  ', BOM_JESUS)).toBeNull();
  });
});
