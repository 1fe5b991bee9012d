/**
 * Helpers of the registration-data journeys (meus-dados, backoffice-review): a complete individual registration
 * through the API, multipart uploads, small valid files, and the wait between two sign-in codes of one account.
 */
import { apiCall, idempotentCall } from './api';

/** Campinas - SP (IBGE code), a city the server knows. */
const CAMPINAS = 3509502;

/** The server's wait between two sign-in codes of one account (CODE_RESEND_SECONDS, set short by run.ts), plus a margin. */
const CODE_WAIT_MS = Number(process.env.E2E_CODE_RESEND_SECONDS ?? 60) * 1000 + 500;

/** Waits until `CODE_WAIT_MS` have passed since `since` (a Date.now()), so the account may receive a new code. */
export async function waitForNextCode(since: number): Promise<void> {
  while (Date.now() < since + CODE_WAIT_MS) await new Promise((resolve) => setTimeout(resolve, 500));
}

function cpfDigit(digits: number[]): number {
  const weight = digits.length + 1;
  const sum = digits.reduce((total, digit, i) => total + digit * (weight - i), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** A random valid CPF (11 digits): each CPF belongs to one account, so every run needs new ones. */
export function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    if (base.every((d) => d === base[0])) continue;
    const first = cpfDigit(base);
    const second = cpfDigit([...base, first]);
    return [...base, first, second].join('');
  }
}

/** '12345678909' → '123.456.789-09' */
export function maskCpf(cpf: string): string {
  return cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
}

export type Individual = { name: string; cpf: string; nascimento: string; celular: string };

/** Personal data, one address (Campinas) and the FATCA answers: the registration is complete, not yet approved. */
export async function completeIndividualRegistration(token: string, person: Individual): Promise<void> {
  await apiCall(
    'PUT',
    '/user/pessoais',
    {
      name: person.name,
      cpf: person.cpf,
      nascimento: person.nascimento,
      celular: person.celular,
      sexo: 'F',
      estado_civil: 'S',
    },
    token,
  );
  await apiCall(
    'POST',
    '/address',
    {
      type: 'Residencial',
      cep: '13015904',
      city_id: CAMPINAS,
      neighborhood: 'Centro',
      street: 'Rua Barão de Jaguara',
      number: '1000',
    },
    token,
  );
  await apiCall(
    'PUT',
    '/user/fatca',
    {
      politicamente_exposto: false,
      americano: false,
      naturalizacao_americana: false,
      caracteristica_us_person: false,
      contribuinte_americano: false,
    },
    token,
  );
}

/** A small but real PDF (the server checks files by content), different for each `text`. */
export function pdfBytes(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A multipart POST as a browser's form sends it (documents, limit requests), with an Idempotency-Key; throws an
 * ApiError with the server's answer on a non-2xx status.
 */
export async function apiMultipart<T>(
  path: string,
  token: string,
  fields: Record<string, string>,
  files: Array<{ field: string; name: string; type: string; bytes: Buffer }>,
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return idempotentCall<T>('POST', path, form, token);
}
