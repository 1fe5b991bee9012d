// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { FatcaStep } from './fatca-step';

afterEach(cleanup);

const flags = {
  politicamente_exposto: null,
  americano: null,
  naturalizacao_americana: null,
  caracteristica_us_person: null,
  contribuinte_americano: null,
};

describe('FatcaStep', () => {
  it('asks the PEP question in its own section, before and apart from FATCA', () => {
    renderRoute(<FatcaStep flags={flags} />);
    const pep = screen.getByRole('region', { name: 'Pessoa politicamente exposta (PEP)' });
    const fatca = screen.getByRole('region', { name: 'Declaração FATCA' });
    expect(within(pep).getByText('Você é uma pessoa politicamente exposta?')).toBeTruthy();
    expect(within(fatca).queryByText('Você é uma pessoa politicamente exposta?')).toBeNull();
    expect(within(fatca).getAllByRole('radiogroup')).toHaveLength(4);
    expect(pep.compareDocumentPosition(fatca) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
