import {
  type ContactInfoEntry,
  CONTACT_URL_KEYS,
  codeField,
  parseSisterBusinesses,
  TICKET_STATUS_LABELS,
  type Ticket,
  TicketCodeRequest,
  TicketFields,
  type TicketSubcategory,
} from '@prata/domain';
import { z } from 'zod';

/**
 * The rules of the support screens (spec 3 §4, §5), kept apart from the components so they are tested alone: the
 * ticket form (the domain's TicketFields: 'Selecione um item da lista', 'Informe o assunto', 'Descreva sua mensagem'),
 * the visitor's e-mail and code, the new-message and rating buttons, and the contact information's layout.
 */

export const ticketFormSchema = TicketFields;
/** The form holds text (selects start empty); the schema gives numbers. */
export type TicketFormInput = { category_id: string; subcategory_id: string; subject: string; description: string };
export const EMPTY_TICKET_FORM: TicketFormInput = { category_id: '', subcategory_id: '', subject: '', description: '' };

/** 'Informe seu e-mail', 'Informe um e-mail válido' */
export const visitorEmailSchema = TicketCodeRequest;
/** 'Informe o código' */
export const visitorCodeSchema = z.object({ code: codeField });

/** The subcategories of the chosen category (none until one is chosen). */
export function subcategoriesOf(all: TicketSubcategory[], categoryId: string | number): TicketSubcategory[] {
  const id = Number(categoryId);
  return id > 0 ? all.filter((s) => s.category_id === id) : [];
}

/** The new-message button is disabled while the message is empty (spec 3 §5). */
export const canSendMessage = (message: string) => message.trim().length > 0;
/** Rating submit is disabled without stars (spec 3 §5). */
export const canSubmitRating = (stars: number | null) => stars !== null && stars >= 1 && stars <= 5;
/** Opening a closed ticket that has no rating pops up the rating dialog (spec 3 §4). */
export const asksForRating = (ticket: Pick<Ticket, 'status' | 'rating'>) =>
  ticket.status === 'closed' && ticket.rating === null;
/** Closed tickets hide the new-message field and the attachment upload and delete (spec 3 §4). */
export const isOpen = (ticket: Pick<Ticket, 'status'>) => ticket.status === 'pending';

export const ticketStatusLabel = (status: string) =>
  TICKET_STATUS_LABELS[status as keyof typeof TICKET_STATUS_LABELS] ?? status;

const LINK_LABELS: Record<string, string> = {
  whatsapp_channel_url: 'Canal no WhatsApp',
  telegram_channel_url: 'Canal no Telegram',
  instagram_profile_url: 'Instagram',
  twitter_profile_url: 'X (Twitter)',
  youtube_channel_url: 'YouTube',
};

export type ContactLayout = {
  company: string[];
  address: string[];
  hours: string[];
  phones: string[];
  emails: string[];
  links: Array<{ key: string; label: string; url: string }>;
  sisters: Array<{ name: string; url: string }>;
};

/** The entries of GET /api/contact-information, grouped as the screen shows them (lines 1 to 3 of each block). */
export function contactLayout(info: ContactInfoEntry[]): ContactLayout {
  const value = (key: string) => info.find((e) => e.key === key)?.value?.trim() ?? '';
  const lines = (prefix: string) => [1, 2, 3].map((n) => value(`${prefix}_line_${n}`)).filter(Boolean);
  return {
    company: lines('company'),
    address: lines('address'),
    hours: lines('opening_hours'),
    phones: lines('phones'),
    emails: lines('emails'),
    links: CONTACT_URL_KEYS.flatMap((key) => {
      const url = value(key);
      return url.startsWith('https://') ? [{ key, label: LINK_LABELS[key] ?? key, url }] : [];
    }),
    sisters: parseSisterBusinesses(value('sister_businesses')),
  };
}

/** A phone line's number as a tel: link ('(11) 4000-1234 – capitais' → 'tel:+551140001234'); null without one. */
export function telHref(line: string): string | null {
  const match = /(0800[\s\d]{7,9}|\(?\d{2}\)?\s?9?\d{4}-?\d{4})/.exec(line);
  if (!match) return null;
  const digits = match[1]!.replace(/\D/g, '');
  return digits.startsWith('0800') ? `tel:${digits}` : `tel:+55${digits}`;
}

/** An e-mail line as a mailto: link when it is an address. */
export function mailHref(line: string): string | null {
  const match = /[^\s@]+@[^\s@]+\.[^\s@]+/.exec(line);
  return match ? `mailto:${match[0]}` : null;
}
