import { inflateSync } from 'node:zlib';
import { TEST_DOCUMENT_MARK } from '@prata/domain';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { embeddedInvoicing, InvoicingError, nfeioInvoicing, type StoredServiceInvoice } from './index';

const borrower = {
  name: 'Maria Oliveira Santos',
  document: '52998224725',
  document_type: 'cpf' as const,
  email: 'cliente@prata.dev',
  address: {
    street: 'Avenida Paulista',
    number: '1000',
    unit: 'Apto 12',
    neighborhood: 'Bela Vista',
    cep: '01310100',
    city: 'São Paulo',
    state: 'SP',
    city_code: 3550308,
  },
};
const service: StoredServiceInvoice = {
  reference: 'service:1:2026-10-01',
  sequence: 7,
  borrower,
  description: 'Serviços da Prata em outubro de 2026: taxa operacional das ordens executadas (2).',
  lines: [{ kind: 'trade-fee', label: 'Taxa operacional das ordens executadas', count: 2, amount_cents: 1400 }],
  servicesCents: 1400,
  externalId: 'embedded:service:1:2026-10-01',
  number: 'T-S-000007',
  issuedAt: new Date('2026-11-01T09:00:00Z'),
  testDocument: true,
};

/** Every content stream of the PDF, inflated, as one string. */
function pageText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      parts.push(inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1'));
    } catch {
      parts.push(m[1]!);
    }
  }
  return parts.join('\n');
}

describe('the embedded issuer', () => {
  it('numbers its own series and draws a one-page PDF marked as a test document, with the amounts in reais', async () => {
    const port = embeddedInvoicing({ production: false });
    expect(await port.issueService(service)).toEqual({
      externalId: 'embedded:service:1:2026-10-01',
      number: 'T-S-000007',
    });
    const pdf = await port.servicePdf(service);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Nota Fiscal de Serviço Eletrônica (NFS-e)');
    // pdf-lib writes text as hex strings of WinAnsi codes in flate-compressed content streams
    const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();
    const body = pageText(pdf);
    expect(body).toContain(hex(TEST_DOCUMENT_MARK));
    expect(body).toContain(hex('R$ 14,00'));
    expect(body).toContain(hex('CPF 529.982.247-25'));
    expect(
      await port.productPdfLink({
        ...service,
        items: [],
        taxes: { icms: 0, difal: 0, pis: 0, cofins: 0 },
        productsCents: 0,
        taxesCents: 0,
      }),
    ).toBeNull();
  });
});

describe('the NFE.io client', () => {
  /** An NF-e NFE.io knows as p9. */
  const product = {
    ...service,
    externalId: 'p9',
    items: [],
    taxes: { icms: 0, difal: 0, pis: 0, cofins: 0 },
    productsCents: 0,
    taxesCents: 0,
  };

  it('issues an NFS-e with the borrower and the amount, and reads the PDFs', async () => {
    const calls: Array<{ url: string; init?: RequestInit }> = [];
    const fake = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init });
      if (String(url).endsWith('/serviceinvoices'))
        return Response.json({ id: 'abc123', number: 42, flowStatus: 'WaitingSend' });
      if (String(url).endsWith('/serviceinvoices/abc123/pdf')) return new Response('%PDF-1.4 real');
      if (String(url).endsWith('/productinvoices/p9/pdf')) return Response.json({ uri: 'https://files.nfe.io/p9.pdf' });
      return new Response('no', { status: 500 });
    }) as typeof fetch;
    const port = nfeioInvoicing({ apiKey: 'key-1', companyId: 'co-1', cityServiceCode: '0107', fetch: fake });
    expect([port.provider, port.testDocuments, port.canIssue]).toEqual(['nfeio', false, true]);

    expect(await port.issueService(service)).toEqual({ externalId: 'abc123', number: '42' });
    expect(calls[0]!.url).toBe('https://api.nfe.io/v1/companies/co-1/serviceinvoices');
    expect(calls[0]!.init?.method).toBe('POST');
    expect((calls[0]!.init!.headers as Record<string, string>).Authorization).toBe('key-1');
    const sent = JSON.parse(String(calls[0]!.init?.body));
    expect(sent).toMatchObject({
      cityServiceCode: '0107',
      servicesAmount: 14,
      description: service.description,
      borrower: {
        type: 'NaturalPerson',
        federalTaxNumber: 52998224725,
        email: 'cliente@prata.dev',
        address: { postalCode: '01310100', state: 'SP', city: { code: '3550308', name: 'São Paulo' } },
      },
    });

    const pdf = await port.servicePdf({ ...service, externalId: 'abc123' });
    expect(pdf.toString()).toBe('%PDF-1.4 real');
    expect(await port.productPdfLink(product)).toBe('https://files.nfe.io/p9.pdf');
    expect(calls.at(-1)!.url).toBe('https://api.nfse.io/v2/companies/co-1/productinvoices/p9/pdf');
  });

  it("reads an NF-e's PDF from the link NFE.io answers through the guarded client, without the API key", async () => {
    const nfeio = (async (url: string | URL | Request) =>
      String(url).endsWith('/productinvoices/p9/pdf')
        ? Response.json({ uri: 'https://files.nfe.io/p9.pdf' })
        : new Response('no', { status: 500 })) as typeof fetch;
    const asked: Array<{ url: string; headers?: Record<string, string> }> = [];
    let status = 200;
    const links = {
      send: async (url: string, r: { headers?: Record<string, string> }) => {
        asked.push({ url, headers: r.headers });
        return { status, headers: {}, body: Buffer.from('%PDF-1.7 nf-e') };
      },
    };
    const port = nfeioInvoicing({ apiKey: 'key-1', companyId: 'co-1', cityServiceCode: '0107', fetch: nfeio, links });
    expect((await port.productPdf(product)).toString()).toBe('%PDF-1.7 nf-e');
    expect(asked).toEqual([{ url: 'https://files.nfe.io/p9.pdf', headers: { Accept: 'application/pdf' } }]);
    // a redirect is not followed, it is a failure
    status = 302;
    await expect(port.productPdf(product)).rejects.toBeInstanceOf(InvoicingError);
    // by default a link to an inside address is refused before any connection
    const inside = (async () => Response.json({ uri: 'https://127.0.0.1/p9.pdf' })) as typeof fetch;
    const refusals = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(
        nfeioInvoicing({ apiKey: 'k', companyId: 'c', cityServiceCode: 'x', fetch: inside }).productPdf(product),
      ).rejects.toThrow(/NFE.io: the PDF link failed/);
      expect(refusals.mock.calls.map(([line]) => JSON.parse(String(line)).msg)).toEqual(['outbound: refused']);
    } finally {
      refusals.mockRestore();
    }
  });

  it('a failure is an InvoicingError (the API answers 503)', async () => {
    const down = (async () => new Response('boom', { status: 502 })) as typeof fetch;
    const port = nfeioInvoicing({ apiKey: 'k', companyId: 'c', cityServiceCode: 'x', fetch: down });
    await expect(port.issueService(service)).rejects.toBeInstanceOf(InvoicingError);
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(
      nfeioInvoicing({ apiKey: 'k', companyId: 'c', cityServiceCode: 'x', fetch: unreachable }).servicePdf(service),
    ).rejects.toBeInstanceOf(InvoicingError);
    // the connection dropped while the body is read (undici: TypeError "terminated", cause ECONNRESET)
    const dropped = (async () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.error(Object.assign(new TypeError('terminated'), { cause: { code: 'ECONNRESET' } }));
          },
        }),
      )) as typeof fetch;
    await expect(
      nfeioInvoicing({ apiKey: 'k', companyId: 'c', cityServiceCode: 'x', fetch: dropped }).servicePdf(service),
    ).rejects.toBeInstanceOf(InvoicingError);
  });
});
