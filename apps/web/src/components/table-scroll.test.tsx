// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_HINT, TableScroll } from './table-scroll';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** jsdom lays nothing out: the region is as wide as `client` and its table as wide as `content`. */
function widths(client: number, content: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(client);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
}

const table = (
  <TableScroll label="Retiradas de dinheiro">
    <table aria-label="Retiradas de dinheiro">
      <tbody>
        <tr>
          <td>R$ 1.234,56</td>
        </tr>
      </tbody>
    </table>
  </TableScroll>
);

describe('TableScroll', () => {
  it('says a table wider than the screen scrolls, and lets the keyboard reach it', () => {
    widths(600, 900);
    render(table);
    const region = screen.getByRole('region', { name: 'Retiradas de dinheiro' });
    expect(region.tabIndex).toBe(0);
    const hint = screen.getByText(SCROLL_HINT);
    expect(SCROLL_HINT).toBe('Deslize para ver mais colunas');
    expect(region.getAttribute('aria-describedby')).toBe(hint.id);
  });

  it('says nothing, takes no focus and adds no landmark when every column fits', () => {
    widths(900, 900);
    render(table);
    expect(screen.getByRole('table', { name: 'Retiradas de dinheiro' })).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText(SCROLL_HINT)).toBeNull();
    expect(document.querySelector('[tabindex]')).toBeNull();
  });
});
