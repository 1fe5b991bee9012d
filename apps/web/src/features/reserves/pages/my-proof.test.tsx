// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { leafHash, merkleLevels, proofPath, type ReserveProofResponse, rootOf } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFrom, jsonResponse, renderRoute } from '../../../testing/render';
import { MyProof } from './my-proof';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const DAY = '2026-11-27';
const salt = (i: number) => i.toString(16).padStart(64, 'c');

/** A real proof of the third of five customers, built with the domain's functions. */
async function proofOfThird(): Promise<ReserveProofResponse> {
  const leaves = await Promise.all([1, 2, 3, 4, 5].map((i) => leafHash(DAY, salt(i), i * 1000)));
  const levels = await merkleLevels(leaves);
  return {
    version: 1,
    day: DAY,
    salt: salt(3),
    centigrams: 3000,
    leaf: leaves[2]!,
    leafIndex: 2,
    leafCount: 5,
    path: proofPath(levels, 2),
    root: rootOf(levels),
  };
}

describe('the customer’s proof on /prova-de-reservas', () => {
  it('verifies the leaf in the browser and says so', async () => {
    const proof = await proofOfThird();
    answerFrom(fetchMock, { 'GET /api/reserves/proof': () => jsonResponse(200, proof) });
    renderRoute(<MyProof />);
    expect(await screen.findByText('Verificado neste navegador: sua folha leva à raiz publicada.')).toBeTruthy();
    expect(screen.getByTestId('my-proof').textContent).toContain('30,00 g');
    expect(screen.getByText(proof.salt)).toBeTruthy();
  });

  it('says the check failed when the balance does not give the leaf', async () => {
    const proof = { ...(await proofOfThird()), centigrams: 3001 };
    answerFrom(fetchMock, { 'GET /api/reserves/proof': () => jsonResponse(200, proof) });
    renderRoute(<MyProof />);
    expect(await screen.findByText(/A verificação falhou/)).toBeTruthy();
  });

  it('explains when the customer has no leaf that day', async () => {
    const message = 'Você não tinha conta de prata ao fim deste dia, por isso não há folha sua nesta prova.';
    answerFrom(fetchMock, { 'GET /api/reserves/proof': () => jsonResponse(404, { code: 'NOT_FOUND', message }) });
    renderRoute(<MyProof />);
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
