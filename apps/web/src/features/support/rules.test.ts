import { describe, expect, it } from 'vitest';
import {
  asksForRating,
  canSendMessage,
  canSubmitRating,
  contactLayout,
  isOpen,
  mailHref,
  subcategoriesOf,
  telHref,
  ticketFormSchema,
  ticketStatusLabel,
  visitorCodeSchema,
  visitorEmailSchema,
} from './rules';

/** The first message of each field, as the form shows it. */
function messages(result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('the ticket form (spec 3 §5)', () => {
  it("answers the spec's messages for an untouched form", () => {
    expect(
      messages(ticketFormSchema.safeParse({ category_id: '', subcategory_id: '', subject: '', description: '' })),
    ).toEqual({
      category_id: 'Selecione um item da lista',
      subcategory_id: 'Selecione um item da lista',
      subject: 'Informe o assunto',
      description: 'Descreva sua mensagem',
    });
  });

  it('accepts a filled form and gives numbers for the choices', () => {
    expect(
      ticketFormSchema.parse({
        category_id: '2',
        subcategory_id: '5',
        subject: ' Saque ',
        description: 'Linha 1\nLinha 2',
      }),
    ).toEqual({ category_id: 2, subcategory_id: 5, subject: 'Saque', description: 'Linha 1\nLinha 2' });
  });

  it('lists only the chosen category’s subcategories', () => {
    const all = [
      { id: 1, category_id: 1, name: 'Pix' },
      { id: 2, category_id: 2, name: 'IOF' },
    ];
    expect(subcategoriesOf(all, '')).toEqual([]);
    expect(subcategoriesOf(all, '2').map((s) => s.name)).toEqual(['IOF']);
  });
});

describe('the visitor form', () => {
  it("e-mail: 'Informe seu e-mail', then 'Informe um e-mail válido'", () => {
    expect(messages(visitorEmailSchema.safeParse({ email: '' })).email).toBe('Informe seu e-mail');
    expect(messages(visitorEmailSchema.safeParse({ email: 'ana@' })).email).toBe('Informe um e-mail válido');
    expect(visitorEmailSchema.safeParse({ email: 'ana@exemplo.com' }).success).toBe(true);
  });

  it("the code is required: 'Informe o código'", () => {
    expect(messages(visitorCodeSchema.safeParse({ code: '' })).code).toBe('Informe o código');
    expect(visitorCodeSchema.safeParse({ code: '123456' }).success).toBe(true);
  });
});

describe('ticket details (spec 3 §4, §5)', () => {
  it('the new-message button waits for text', () => {
    expect(canSendMessage('')).toBe(false);
    expect(canSendMessage('   \n')).toBe(false);
    expect(canSendMessage('Oi')).toBe(true);
  });

  it('rating submit is disabled without stars', () => {
    expect(canSubmitRating(null)).toBe(false);
    expect(canSubmitRating(0)).toBe(false);
    expect(canSubmitRating(3)).toBe(true);
  });

  it('a closed ticket without a rating asks for one; closed tickets take no message nor attachment', () => {
    expect(asksForRating({ status: 'closed', rating: null })).toBe(true);
    expect(asksForRating({ status: 'closed', rating: { stars: 5, description: null, created_at: '' } })).toBe(false);
    expect(asksForRating({ status: 'pending', rating: null })).toBe(false);
    expect(isOpen({ status: 'closed' })).toBe(false);
    expect(ticketStatusLabel('pending')).toBe('Em análise');
    expect(ticketStatusLabel('closed')).toBe('Fechado');
  });
});

describe('the contact information', () => {
  it('groups lines by block, keeps https links only, and reads the sister businesses', () => {
    const layout = contactLayout([
      { key: 'company_line_1', value: 'Prata Ltda.' },
      { key: 'company_line_3', value: 'CNPJ 1' },
      { key: 'phones_line_1', value: '(11) 4000-1234 – capitais' },
      { key: 'whatsapp_channel_url', value: 'https://whatsapp.com/channel/x' },
      { key: 'youtube_channel_url', value: 'http://youtube.com/x' },
      { key: 'sister_businesses', value: 'Ouro|https://ouro.example.com\nlixo\nCofre|javascript:alert(1)' },
    ]);
    expect(layout.company).toEqual(['Prata Ltda.', 'CNPJ 1']);
    expect(layout.links).toEqual([
      { key: 'whatsapp_channel_url', label: 'Canal no WhatsApp', url: 'https://whatsapp.com/channel/x' },
    ]);
    expect(layout.sisters).toEqual([{ name: 'Ouro', url: 'https://ouro.example.com' }]);
    expect(layout.address).toEqual([]);
  });

  it('phones and e-mails become links', () => {
    expect(telHref('(11) 4000-1234 – capitais')).toBe('tel:+551140001234');
    expect(telHref('0800 000 1234 – demais localidades')).toBe('tel:08000001234');
    expect(telHref('WhatsApp: (11) 98765-4321')).toBe('tel:+5511987654321');
    expect(telHref('Segunda a sexta')).toBeNull();
    expect(mailHref('atendimento@prata.dev')).toBe('mailto:atendimento@prata.dev');
  });
});
