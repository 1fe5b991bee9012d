// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminRetentionResponse, RetentionRun } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice } from '@/lib/notify';
import { answerFrom, callsTo, jsonResponse, renderRoute } from '@/testing/render';
import { Component as RetentionAdminPage } from './retention-admin-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const run = (over: Partial<RetentionRun> = {}): RetentionRun => ({
  id: 7,
  rule: 'sessions',
  rule_title: 'Sessões encerradas (registros de acesso)',
  trigger: 'schedule',
  requested_by: null,
  cutoff: '2026-06-02T10:00:00.000Z',
  started_at: '2026-12-02T10:00:00.000Z',
  finished_at: '2026-12-02T10:00:01.000Z',
  erased: 42,
  batches: 1,
  more_left: false,
  error: null,
  ...over,
});

const answer = (runs: RetentionRun[], nextBefore: number | null = null): AdminRetentionResponse => ({
  rules: [
    {
      key: 'sessions',
      title: 'Sessões encerradas (registros de acesso)',
      erases: 'Sessões vencidas ou encerradas, com endereço IP, navegador e horários.',
      legal_basis: 'Marco Civil da Internet (Lei 12.965/2014) art. 15: registros de acesso guardados por 6 meses.',
      period: '6 meses',
      period_seconds: 15_552_000,
      runs_every: 'a cada 1 hora',
      enabled: true,
      next_run_at: '2026-12-02T11:00:00.000Z',
      last_run: runs[0] ?? null,
    },
    {
      key: 'dev_mailbox',
      title: 'Caixa postal de desenvolvimento',
      erases: 'Mensagens da caixa postal local.',
      legal_basis: 'LGPD art. 6º, III.',
      period: '7 dias',
      period_seconds: 604_800,
      runs_every: 'a cada 1 hora',
      enabled: false,
      next_run_at: '2026-12-02T11:00:00.000Z',
      last_run: null,
    },
  ],
  runs: { data: runs, next_before: nextBefore },
});

describe('/admin/retencao', () => {
  it('lists each rule with what it erases, its legal basis, its period and its last run, and the runs', async () => {
    answerFrom(fetchMock, {
      'GET /api/admin/retention': () =>
        jsonResponse(200, answer([run(), run({ id: 6, error: 'exclusão recusada', erased: 3 })], 6)),
      'GET /api/admin/retention?before=6': () =>
        jsonResponse(200, answer([run({ id: 5, trigger: 'operator', requested_by: 'Carla' })])),
    });
    renderRoute(<RetentionAdminPage />);
    const rules = await screen.findByRole('list', { name: 'Regras de retenção' });
    const sessions = within(rules).getAllByRole('listitem')[0]!;
    expect(within(sessions).getByRole('heading', { name: 'Sessões encerradas (registros de acesso)' })).toBeTruthy();
    expect(sessions.textContent).toContain('Marco Civil da Internet');
    expect(sessions.textContent).toContain('6 meses, aplicada a cada 1 hora');
    expect(sessions.textContent).toContain('Automática · 42 registros');
    const mailbox = within(rules).getAllByRole('listitem')[1]!;
    expect(mailbox.textContent).toContain('Ainda não executada');
    expect((within(mailbox).getByRole('button', { name: /Executar agora/ }) as HTMLButtonElement).disabled).toBe(true);
    const table = screen.getByRole('table', { name: 'Execuções' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table.textContent).toContain('Falhou: exclusão recusada');
    fireEvent.click(screen.getByRole('button', { name: 'Execuções mais antigas' }));
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Execuções' }).textContent).toContain('Manual (Carla)'),
    );
  });

  it('"Executar agora" runs the rule once under one Idempotency-Key and says what it erased', async () => {
    answerFrom(fetchMock, {
      'GET /api/admin/retention': () => jsonResponse(200, answer([])),
      'POST /api/admin/retention/rules/sessions/run': () =>
        jsonResponse(200, {
          run: run({ id: 8, trigger: 'operator', requested_by: 'Carla' }),
          message: 'Sessões encerradas (registros de acesso): 42 registros eliminados ou anonimizados.',
        }),
    });
    renderRoute(<RetentionAdminPage />);
    const button = await screen.findByRole('button', {
      name: 'Executar agora: Sessões encerradas (registros de acesso)',
    });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    const sent = callsTo(fetchMock, 'POST /api/admin/retention/rules/sessions/run');
    expect(sent).toHaveLength(1);
    expect(new Headers(sent[0]?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();
    await waitFor(() =>
      expect(getNotice()).toMatchObject({
        message: 'Sessões encerradas (registros de acesso): 42 registros eliminados ou anonimizados.',
        severity: 'success',
      }),
    );
  });

  it('says why a run was refused', async () => {
    answerFrom(fetchMock, {
      'GET /api/admin/retention': () => jsonResponse(200, answer([])),
      'POST /api/admin/retention/rules/sessions/run': () =>
        jsonResponse(409, {
          code: 'RETENTION_RUN_IN_PROGRESS',
          message: 'Esta regra já está sendo executada. Aguarde o fim da execução e atualize a página.',
        }),
    });
    renderRoute(<RetentionAdminPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Executar agora: Sessões/ }));
    await waitFor(() =>
      expect(getNotice()).toMatchObject({
        message: 'Esta regra já está sendo executada. Aguarde o fim da execução e atualize a página.',
        severity: 'error',
      }),
    );
  });
});
