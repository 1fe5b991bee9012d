// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/render';
import { type Column, EMPTY_TEXT, PaginatedTable, usePageParam } from './paginated-table';

afterEach(cleanup);

type Row = { id: number; text: string };
const columns: Column<Row>[] = [{ key: 'text', header: 'Texto', render: (row) => row.text }];

function table(props: Partial<Parameters<typeof PaginatedTable<Row>>[0]> = {}) {
  return (
    <PaginatedTable<Row>
      label="Linhas"
      columns={columns}
      rowKey={(row) => row.id}
      data={undefined}
      isPending={false}
      page={1}
      onPageChange={() => {}}
      {...props}
    />
  );
}

describe('PaginatedTable', () => {
  it('shows skeleton rows while the first page loads', () => {
    renderRoute(table({ isPending: true }));
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
  });

  it("says 'Nenhum registro encontrado.' for an empty page, without pagination", () => {
    renderRoute(table({ data: { data: [], total: 0, per_page: 15 } }));
    expect(screen.getByText(EMPTY_TEXT)).toBeTruthy();
    expect(EMPTY_TEXT).toBe('Nenhum registro encontrado.');
    expect(screen.queryByRole('button', { name: /próxima página/i })).toBeNull();
  });

  it('maps MUI pages (from 0) to API pages (from 1)', () => {
    const onPageChange = vi.fn();
    const rows = Array.from({ length: 15 }, (_, i) => ({ id: i + 16, text: `linha ${i + 16}` }));
    renderRoute(table({ data: { data: rows, total: 40, per_page: 15 }, page: 2, onPageChange }));
    expect(screen.getByText('linha 16')).toBeTruthy();
    expect(screen.getByText(/16–30 de 40/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /próxima página/i }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: /página anterior/i }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('a capped total says "mais de 10.000" and always offers the next page, with no last page', () => {
    const onPageChange = vi.fn();
    const rows = Array.from({ length: 15 }, (_, i) => ({ id: i + 1486, text: `linha ${i + 1486}` }));
    renderRoute(
      table({ data: { data: rows, total: 10_000, per_page: 15, total_capped: true }, page: 100, onPageChange }),
    );
    expect(screen.getByText('1486–1500 de mais de 10.000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /próxima página/i }));
    expect(onPageChange).toHaveBeenCalledWith(101);
    // past the cap's last page (10.000 / 15 = 667) the pager still follows the URL's page
    cleanup();
    const later = Array.from({ length: 15 }, (_, i) => ({ id: i + 10_501, text: `linha ${i + 10_501}` }));
    renderRoute(table({ data: { data: later, total: 10_000, per_page: 15, total_capped: true }, page: 701 }));
    expect(screen.getByText('10501–10515 de mais de 10.000')).toBeTruthy();
    expect(screen.getByRole('button', { name: /próxima página/i }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the error with a retry when nothing could be loaded', () => {
    const onRetry = vi.fn();
    renderRoute(table({ error: new Error('Falhou'), onRetry }));
    expect(screen.getByText('Falhou')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

function PageProbe() {
  const [page, setPage] = usePageParam();
  return (
    <button type="button" onClick={() => setPage(page + 1)}>
      página {page}
    </button>
  );
}

describe('usePageParam', () => {
  it('reads ?page= (bad values are page 1) and writes it, keeping the other params', () => {
    const bad = renderRoute(<PageProbe />, { url: '/?page=abc' });
    expect(screen.getByRole('button').textContent).toBe('página 1');
    bad.unmount();
    const { router } = renderRoute(<PageProbe />, { url: '/?q=ana&page=2' });
    expect(screen.getByRole('button').textContent).toBe('página 2');
    fireEvent.click(screen.getByRole('button'));
    expect(router.state.location.search).toBe('?q=ana&page=3');
  });
});
