// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSearchParams } from '@/lib/search-params';
import { renderRoute } from '@/testing/render';
import { decisionColumn, QueueTabs, StatusSelect, useStatusParam } from './review-queue';

afterEach(cleanup);

const QUEUES = [
  { value: 'novos', label: 'Novos' },
  { value: 'antigos', label: 'Antigos' },
] as const;
const STATUSES = [
  { value: 'approved', label: 'Aprovados' },
  { value: 'rejected', label: 'Recusados' },
] as const;

/** A queue page in miniature: the tabs, and in the second queue the status filter; the query string shown. */
function Page() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <output>{searchParams.toString()}</output>
      <QueueTabs queues={QUEUES} label="Filas" idPrefix="teste">
        {(queue) => (queue === 'novos' ? <p>fila nova</p> : <Decided />)}
      </QueueTabs>
    </>
  );
}

function Decided() {
  const [status, setStatus] = useStatusParam(STATUSES);
  return <StatusSelect options={STATUSES} value={status} onChange={setStatus} />;
}

describe('review queue', () => {
  it('keeps the queue and the status in the URL; an unknown status is the first, a new one goes to page 1', async () => {
    renderRoute(<Page />, { path: '/fila', url: '/fila?fila=antigos&status=outro&page=3' });
    const tab = screen.getByRole('tab', { name: 'Antigos' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('teste-tab-antigos');
    expect(screen.getByRole('combobox', { name: 'Situação' }).textContent).toBe('Aprovados');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Situação' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Recusados' }));
    expect(screen.getByRole('status').textContent).toBe('fila=antigos&status=rejected');

    fireEvent.click(screen.getByRole('tab', { name: 'Novos' }));
    expect(screen.getByText('fila nova')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('names the decision buttons for the customer and hands over the row', () => {
    const onDecide = vi.fn();
    const row = { id: 1, customer: { name: 'Ana Lima' } };
    const column = decisionColumn<typeof row>({ subject: 'retirada', approveText: 'Aprovar e pagar', onDecide });
    render(<div>{column.render(row)}</div>);
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar e pagar retirada de Ana Lima' }));
    fireEvent.click(screen.getByRole('button', { name: 'Recusar retirada de Ana Lima' }));
    expect(onDecide.mock.calls).toEqual([[{ kind: 'approve', row }], [{ kind: 'reject', row }]]);
    expect(column.header).toBe('Ações');
  });
});
