/**
 * Retention of personal data. An operator opens /admin/retencao: every rule with what it erases,
 * its legal basis and period; "Executar agora" on the development mailbox's rule runs it once and its run is listed
 * as manual, with its count, under "Execuções".
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DESKTOP, shot, withPage } from '../lib/browser';
import { journeyContext } from '../lib/flows';
import { expectVisible } from '../lib/ui';

const journey = journeyContext();

describe('Retenção de dados', () => {
  it('an operator reads the rules and runs one now (desktop)', { timeout: 180_000 }, async () => {
    await withPage(
      journey.browser,
      { viewport: DESKTOP, name: 'retention-desktop', token: journey.operatorToken },
      async (page) => {
        await page.goto('/admin/retencao');
        await expectVisible(page.getByRole('heading', { name: 'Retenção de dados', exact: true }));
        const rules = page.getByRole('list', { name: 'Regras de retenção' });
        await expectVisible(rules.getByRole('heading', { name: 'Sessões encerradas (registros de acesso)' }));
        await expectVisible(
          rules.getByText('Marco Civil da Internet (Lei 12.965/2014) art. 15', { exact: false }).first(),
        );
        await expectVisible(rules.getByText('6 meses, aplicada a cada 1 hora').first());
        await page.getByRole('button', { name: 'Executar agora: Caixa postal de desenvolvimento' }).click();
        await expectVisible(
          page.getByRole('alert').filter({ hasText: /^Caixa postal de desenvolvimento: \d+ registros? / }),
        );
        const runs = page.getByRole('table', { name: 'Execuções' });
        const row = runs
          .getByRole('row')
          .filter({ hasText: 'Caixa postal de desenvolvimento' })
          .filter({ hasText: 'Manual' });
        await expectVisible(row.first());
        assert.match((await row.first().textContent()) ?? '', /\d+ registros?/);
        await shot(page, 'retencao-desktop');
      },
    );
  });
});
