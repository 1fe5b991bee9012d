import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_INFO_KEYS, ContactInformationResponse, FaqsResponse, MESSAGES } from '@prata/domain';
import { faqs } from '@/db/schema/index';
import { bearer, buildTestApp, type Customer, staffMember, type TestApp } from '../../../test/helpers';
import { withSupportData } from './test-helpers';

let t: TestApp;
let operator: Customer;
let finance: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  await withSupportData(t);
  operator = await staffMember(t, ['support'], 'Sara Suporte');
  finance = await staffMember(t, ['finance']);
});

const asOperator = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = operator) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

describe('GET /api/faqs', () => {
  it('answers the active questions in order, with sanitized answers, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/faqs' });
    expect(res.statusCode).toBe(200);
    const { faqs: list } = FaqsResponse.parse(res.json());
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(list[0]!.question).toBe('O que é a custódia de prata do Prata?');
    expect(list.map((f) => f.question).join(' ')).toMatch(/IOF/);
  });

  it('sanitizes when an operator saves: no scripts, handlers, styles or javascript: links', async () => {
    const res = await asOperator('POST', '/api/admin/faqs', {
      question: 'Pergunta perigosa?',
      answer:
        '<p onclick="alert(1)" style="color:red">Olá</p><script>alert(2)</script><a href="javascript:alert(3)">x</a><img src=x onerror=alert(4)><a href="https://prata.com.br">ok</a>',
      position: 99,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(faqs).where(eq(faqs.id, res.json().faq.id));
    expect(row!.answerHtml).not.toMatch(/script|onclick|onerror|javascript:|<img|style/i);
    expect(row!.answerHtml).toContain('<p>Olá</p>');
    expect(row!.answerHtml).toContain(
      '<a href="https://prata.com.br" rel="noopener noreferrer" target="_blank">ok</a>',
    );
  });

  it('sanitizes on the way out too (a row written some other way is not trusted)', async () => {
    const [row] = await t.database.db
      .insert(faqs)
      .values({ question: 'Escrita direta', answerHtml: '<p>a</p><script>alert(1)</script>', position: 100 })
      .returning();
    const { faqs: list } = FaqsResponse.parse((await t.app.inject({ method: 'GET', url: '/api/faqs' })).json());
    expect(list.find((f) => f.id === row!.id)?.answer).toBe('<p>a</p>');
  });

  it('operators edit, hide and delete questions; bad input answers the field message', async () => {
    const created = await asOperator('POST', '/api/admin/faqs', { question: 'Nova?', answer: '<p>Sim.</p>' });
    const id = created.json().faq.id;
    const hidden = await asOperator('PUT', `/api/admin/faqs/${id}`, {
      question: 'Nova?',
      answer: '<p>Sim.</p>',
      active: false,
    });
    expect(hidden.json()).toMatchObject({ message: MESSAGES.faqSaved, faq: { active: false } });
    const list = FaqsResponse.parse((await t.app.inject({ method: 'GET', url: '/api/faqs' })).json());
    expect(list.faqs.map((f) => f.id)).not.toContain(id);
    const onlyMarkup = await asOperator('PUT', `/api/admin/faqs/${id}`, {
      question: 'Nova?',
      answer: '<script>x</script>',
    });
    expect([onlyMarkup.statusCode, onlyMarkup.json().message]).toEqual([422, 'Informe a resposta']);
    const missing = await asOperator('POST', '/api/admin/faqs', { question: '', answer: '' });
    expect(missing.json().errors).toMatchObject({ question: ['Informe a pergunta'], answer: ['Informe a resposta'] });
    const removed = await asOperator('DELETE', `/api/admin/faqs/${id}`);
    expect([removed.statusCode, removed.json().message]).toEqual([200, MESSAGES.faqDeleted]);
    expect((await asOperator('DELETE', `/api/admin/faqs/${id}`)).statusCode).toBe(404);
    expect((await asOperator('GET', '/api/admin/faqs', undefined, finance)).statusCode).toBe(403);
  });
});

describe('contact information', () => {
  it("GET /api/contact-information answers the spec's keys that have a value, in order", async () => {
    const { info } = ContactInformationResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/contact-information' })).json(),
    );
    expect(info.map((e) => e.key)).toEqual(CONTACT_INFO_KEYS.filter((k) => info.some((e) => e.key === k)));
    expect(info.find((e) => e.key === 'whatsapp_channel_url')?.value).toMatch(/^https:\/\//);
    expect(info.find((e) => e.key === 'emails_line_1')?.value).toBe('atendimento@prata.dev');
  });

  it('operators change and clear entries; links must be https; unknown keys are refused', async () => {
    const saved = await asOperator('PUT', '/api/admin/contact-information', {
      info: [
        { key: 'phones_line_1', value: '(11) 3000-0000' },
        { key: 'phones_line_3', value: '' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(MESSAGES.contactInfoSaved);
    const { info } = ContactInformationResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/contact-information' })).json(),
    );
    expect(info.find((e) => e.key === 'phones_line_1')?.value).toBe('(11) 3000-0000');
    expect(info.find((e) => e.key === 'phones_line_3')).toBeUndefined();
    const http = await asOperator('PUT', '/api/admin/contact-information', {
      info: [{ key: 'instagram_profile_url', value: 'javascript:alert(1)' }],
    });
    expect([http.statusCode, http.json().message]).toEqual([422, MESSAGES.contactUrlInvalid]);
    const unknown = await asOperator('PUT', '/api/admin/contact-information', { info: [{ key: 'cnpj', value: 'x' }] });
    expect(unknown.statusCode).toBe(422);
  });
});
