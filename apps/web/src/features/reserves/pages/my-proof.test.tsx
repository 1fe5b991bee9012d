// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import {
  leafHash,
  merkleLevels,
  proofPath,
  type ReserveProofResponse,
  type ReserveProofSummary,
  rootOf,
  sortLeaves,
  sumLeaf,
  sumProofPath,
  sumRootOf,
  sumTreeLevels,
} from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFrom, jsonResponse, renderRoute } from '@/testing/render';
import { MyProof } from './my-proof';
import { VerifyFile } from './verify-file';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const DAY = '2026-11-27';
const salt = (i: number) => i.toString(16).padStart(64, 'c');

const summary = (root: string, customersCg: number, version: 1 | 2 = 2): ReserveProofSummary => ({
  day: DAY,
  version,
  endsAt: '2026-11-28T03:00:00.000Z',
  root,
  customerCount: 5,
  customersCg,
  customersAvailableCg: version === 2 ? customersCg - 345 : null,
  customersReservedCg: version === 2 ? 345 : null,
  unclaimedCg: 0,
  liabilitiesCg: customersCg,
  barsCg: 0,
  differenceCg: -customersCg,
  builtAt: '2026-11-28T03:05:00.000Z',
});

/** A real v2 proof of the customer with 26,55 g available and 3,45 g reserved, among five. */
async function proofV2(): Promise<{ proof: Extract<ReserveProofResponse, { version: 2 }>; day: ReserveProofSummary }> {
  const leaves = sortLeaves(
    await Promise.all(
      [1, 2, 3, 4, 5].map(async (i) => ({
        i,
        ...(await sumLeaf(DAY, salt(i), i * 1000 - (i === 3 ? 345 : 0), i === 3 ? 345 : 0)),
      })),
    ),
  );
  const levels = await sumTreeLevels(leaves);
  const root = sumRootOf(levels);
  const at = leaves.findIndex((l) => l.i === 3);
  const proof: Extract<ReserveProofResponse, { version: 2 }> = {
    version: 2,
    day: DAY,
    salt: salt(3),
    availableCg: 2655,
    reservedCg: 345,
    centigrams: 3000,
    leaf: leaves[at]!.hash,
    leafIndex: at,
    leafCount: 5,
    path: sumProofPath(levels, at),
    root: root.hash,
    rootSum: root.sum,
  };
  return { proof, day: summary(root.hash, root.sum) };
}

async function proofV1(): Promise<{ proof: ReserveProofResponse; day: ReserveProofSummary }> {
  const leaves = await Promise.all([1, 2, 3, 4, 5].map((i) => leafHash(DAY, salt(i), i * 1000)));
  const levels = await merkleLevels(leaves);
  const proof: ReserveProofResponse = {
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
  return { proof, day: summary(proof.root, 15_000, 1) };
}

describe('the customer’s proof on /prova-de-reservas', () => {
  it('shows available + reserved = total and verifies the leaf, the root and the published total', async () => {
    const { proof, day } = await proofV2();
    answerFrom(fetchMock, { 'GET /api/reserves/proof': () => jsonResponse(200, proof) });
    renderRoute(<MyProof days={[day]} />);
    expect(await screen.findByText('Verificado neste navegador: sua folha leva à raiz publicada.')).toBeTruthy();
    expect(screen.getByText(/A soma da árvore, 150,00 g, é o total publicado/)).toBeTruthy();
    expect(screen.getByTestId('my-proof-balances').textContent).toBe(
      'disponível 26,55 g + reservado 3,45 g = total 30,00 g',
    );
    expect(screen.getByText(proof.salt)).toBeTruthy();
  });

  it('fails when a sibling sum was lowered, or when the published total is not the root sum', async () => {
    const { proof, day } = await proofV2();
    const lowered = {
      ...proof,
      path: proof.path.map((s, k) => (k === 0 ? { ...s, sum: s.sum - 1 } : s)),
    };
    answerFrom(fetchMock, { 'GET /api/reserves/proof': () => jsonResponse(200, lowered) });
    renderRoute(<MyProof days={[day]} />);
    expect(await screen.findByText(/A verificação falhou. O caminho não leva à raiz/)).toBeTruthy();
    cleanup();

    answerFrom(fetchMock, { 'GET /api/reserves/proof': () => jsonResponse(200, proof) });
    renderRoute(<MyProof days={[{ ...day, customersCg: day.customersCg + 100 }]} />);
    expect(await screen.findByText(/A raiz ou o total da prova diferem dos publicados/)).toBeTruthy();
  });

  it('still verifies a version 1 proof', async () => {
    const { proof, day } = await proofV1();
    answerFrom(fetchMock, { 'GET /api/reserves/proof': () => jsonResponse(200, proof) });
    renderRoute(<MyProof days={[day]} />);
    expect(await screen.findByText('Verificado neste navegador: sua folha leva à raiz publicada.')).toBeTruthy();
    expect(screen.getByTestId('my-proof').textContent).toContain('30,00 g');
  });

  it('explains when the customer has no leaf that day', async () => {
    const message = 'Você não tinha conta de prata ao fim deste dia, por isso não há folha sua nesta prova.';
    answerFrom(fetchMock, { 'GET /api/reserves/proof': () => jsonResponse(404, { code: 'NOT_FOUND', message }) });
    renderRoute(<MyProof days={[]} />);
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

describe('checking a downloaded proof', () => {
  const choose = (content: string) => {
    const input = screen.getByTestId('verify-file').querySelector('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File([content], 'prova.json', { type: 'application/json' })] } });
  };

  it('verifies a v2 and a v1 file against the published day, and refuses a tampered total', async () => {
    const v2 = await proofV2();
    renderRoute(<VerifyFile days={[v2.day]} />);
    choose(JSON.stringify(v2.proof));
    expect(await screen.findByText('Verificado neste navegador: sua folha leva à raiz publicada.')).toBeTruthy();
    choose(JSON.stringify({ ...v2.proof, rootSum: v2.proof.rootSum - 345 }));
    expect(await screen.findByText(/A soma da raiz não é o total que a prova declara/)).toBeTruthy();
    cleanup();

    const v1 = await proofV1();
    renderRoute(<VerifyFile days={[v1.day]} />);
    choose(JSON.stringify(v1.proof));
    expect(await screen.findByText(/Esta prova é da versão 1/)).toBeTruthy();
    choose('não é json');
    expect(await screen.findByText(/O arquivo não é um JSON/)).toBeTruthy();
  });
});
