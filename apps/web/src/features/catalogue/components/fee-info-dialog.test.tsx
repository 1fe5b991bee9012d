// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeeInfoDialog } from './fee-info-dialog';

afterEach(cleanup);

describe('FeeInfoDialog', () => {
  it('holds only dt/dd groups in its definition list (axe definition-list) and scrolls with the page', () => {
    render(<FeeInfoDialog open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Entenda as taxas' });
    const list = dialog.querySelector('dl');
    expect(list).not.toBeNull();
    const children = [...(list?.children ?? [])];
    expect(children.length).toBeGreaterThan(1);
    for (const group of children) {
      expect(group.tagName).toBe('DIV');
      expect([...group.children].map((c) => c.tagName)).toEqual(['DT', 'DD']);
    }
    expect(screen.getByText(/aparecem somente quando são maiores que zero/).closest('dl')).toBeNull();
    expect(document.querySelector('.MuiDialog-scrollBody')).not.toBeNull();
  });
});
