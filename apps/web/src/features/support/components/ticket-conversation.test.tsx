// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { type ConversationReader, type ConversationTicket, TicketConversation } from './ticket-conversation';

afterEach(cleanup);

const ticket: ConversationTicket = {
  user: { name: 'Maria Silva' },
  description: 'Meu depósito não apareceu.\nJá faz dois dias.',
  created_at: '2026-03-01T12:00:00Z',
  interactions: [
    {
      id: 31,
      user: { name: 'Ana' },
      from_staff: true,
      message: 'Pode mandar o comprovante?',
      created_at: '2026-03-01T13:00:00Z',
    },
    {
      id: 32,
      user: { name: 'Maria Silva' },
      from_staff: false,
      message: 'Segue em anexo.',
      created_at: '2026-03-01T14:30:00Z',
    },
  ],
};

function show(reader: ConversationReader) {
  render(
    <ThemeProvider theme={theme}>
      <TicketConversation ticket={ticket} reader={reader} />
    </ThemeProvider>,
  );
  return within(screen.getByRole('list', { name: 'Mensagens' })).getAllByRole('listitem');
}

const side = (item: HTMLElement) => getComputedStyle(item).justifyContent;

describe('TicketConversation', () => {
  it('shows the description first, then the interactions in order, each with its author and Brasília time', () => {
    const items = show('customer');
    expect(items).toHaveLength(3);
    expect(items.map((item) => item.textContent)).toEqual([
      'Maria Silva · 01/03/2026 09:00Meu depósito não apareceu.\nJá faz dois dias.',
      'Ana · 01/03/2026 10:00Pode mandar o comprovante?',
      'Maria Silva · 01/03/2026 11:30Segue em anexo.',
    ]);
  });

  it("to the customer: their own messages on the right, the team's on the left, without the team's tag", () => {
    const items = show('customer');
    expect(items.map(side)).toEqual(['flex-end', 'flex-start', 'flex-end']);
    expect(screen.queryByText(/\(equipe\)/)).toBeNull();
  });

  it("to the support team: the team's messages on the right, tagged '(equipe)'; the customer's on the left", () => {
    const items = show('staff');
    expect(items.map(side)).toEqual(['flex-start', 'flex-end', 'flex-start']);
    expect(within(items[1]!).getByText('Ana (equipe)')).toBeTruthy();
    expect(within(items[0]!).getByText('Maria Silva')).toBeTruthy();
  });
});
