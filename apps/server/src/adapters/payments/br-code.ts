import { assertMinorUnits, parseDecimal } from '@prata/domain';

/**
 * The Pix BR Code ("Pix copia e cola"): EMV merchant-presented TLV, each field a 2-digit id, a 2-digit length and
 * the value, closed by a CRC16 (research/brazil-integrations.md §1, BCB Manual de Padrões para Iniciação do Pix).
 * Only ASCII goes in, so a field's length in characters is its length in bytes.
 */

const GUI = 'br.gov.bcb.pix';
const NAME_MAX = 25;
const CITY_MAX = 15;
const TXID = /^[A-Za-z0-9]{1,25}$/;
/** field 26 holds at most 99 characters; the GUI takes 18 of them */
const ACCOUNT_MAX = 99;

export type BrCodeInput = {
  /** the receiving Pix key (CPF, CNPJ, e-mail, +55 phone or EVP); a static code */
  key?: string;
  /** the payload location without scheme (`pix.example.com/qr/...`); a dynamic code */
  url?: string;
  /** free text shown to the payer (26/02, static codes only); cut to what fits field 26 */
  message?: string;
  merchantName: string;
  merchantCity: string;
  /** absent: the payer types the amount */
  amountCents?: number;
  /** up to 25 letters and digits; absent: `***` */
  txid?: string;
  /** 01=12: the code may be paid once */
  singleUse?: boolean;
};

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) over the UTF-8 bytes, 4 uppercase hex. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Printable ASCII only: accents dropped ('São Paulo' → 'Sao Paulo'), anything else without an ASCII form removed. */
export function toBrCodeText(value: string, max: number): string {
  const ascii = value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return ascii.slice(0, max).trim();
}

/** 12345 → '123.45', from the integer's digits (no float is divided). */
export function centsToBrCodeAmount(amountCents: number): string {
  assertMinorUnits(amountCents, 'amountCents');
  if (amountCents <= 0) throw new RangeError(`amountCents must be positive, got ${amountCents}`);
  const digits = String(amountCents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** EMV field 54 holds at most 13 characters: R$ 9.999.999.999,99. */
function amountField(amountCents: number): string {
  const text = centsToBrCodeAmount(amountCents);
  if (text.length > 13) throw new RangeError('BR Code field 54 (amount) holds at most 13 characters');
  return text;
}

const tlv = (id: string, value: string): string => {
  if (value.length > 99) throw new RangeError(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/**
 * Writes a BR Code. Name, city and free text are cleaned and cut to fit (a long company name must not stop a
 * deposit); a key, URL or txid that cannot be written as given throws, since a changed one would pay someone else or
 * lose the reconciliation.
 */
export function encodeBrCode(input: BrCodeInput): string {
  if ((input.key === undefined) === (input.url === undefined)) throw new Error('A BR Code has either a key or a URL');
  const name = toBrCodeText(input.merchantName, NAME_MAX);
  const city = toBrCodeText(input.merchantCity, CITY_MAX);
  if (!name || !city) throw new Error('A BR Code needs a merchant name and city');
  if (input.txid !== undefined && !TXID.test(input.txid)) throw new Error('txid: 1 to 25 letters and digits');
  const target =
    input.key !== undefined ? tlv('01', asciiOnly(input.key, 'key')) : tlv('25', asciiOnly(input.url!, 'url'));
  let account = tlv('00', GUI) + target;
  const room = ACCOUNT_MAX - account.length - 4;
  const message = input.key !== undefined && input.message && room > 0 ? toBrCodeText(input.message, room) : '';
  if (message) account += tlv('02', message);
  const body =
    tlv('00', '01') +
    (input.singleUse ? tlv('01', '12') : '') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (input.amountCents !== undefined ? tlv('54', amountField(input.amountCents)) : '') +
    tlv('58', 'BR') +
    tlv('59', name) +
    tlv('60', city) +
    tlv('62', tlv('05', input.txid ?? '***')) +
    '6304';
  return body + crc16(body);
}

function asciiOnly(value: string, label: string): string {
  if (!/^[\x21-\x7E]{1,77}$/.test(value)) throw new Error(`BR Code ${label}: 1 to 77 printable ASCII characters`);
  return value;
}

type ParsedBrCode = {
  singleUse: boolean;
  key: string | null;
  url: string | null;
  message: string | null;
  amountCents: number | null;
  merchantName: string;
  merchantCity: string;
  /** null for `***` */
  txid: string | null;
  crc: string;
  /** every top-level field by id, as written */
  fields: Record<string, string>;
};

export type BrCodeCheck = { ok: true; code: ParsedBrCode } | { ok: false; problem: string };

/** Walks one level of TLV. Throws (caught by parseBrCode) on a length that runs past the end or a repeated id. */
function readTlv(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const seen = new Set<string>();
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new Error(`cabeçalho de campo inválido na posição ${at}`);
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`o campo ${id} passa do fim`);
    if (seen.has(id)) throw new Error(`o campo ${id} se repete`);
    seen.add(id);
    out.push([id, value]);
    at += 4 + length;
  }
  return out;
}

/**
 * Reads and checks a BR Code: the TLV structure, the CRC (hex case ignored: some PSPs write lowercase), the fixed
 * fields, the GUI with exactly one of key and URL, the amount, and the EMV limits on name (25), city (15) and txid
 * (25). Problems are in Portuguese: they reach operators inside a PaymentProviderError. Used on every payload a provider hands us before we show it to a customer.
 */
export function parseBrCode(text: string): BrCodeCheck {
  const fail = (problem: string): BrCodeCheck => ({ ok: false, problem });
  if (typeof text !== 'string' || text.length < 20 || text.length > 512)
    return fail('tamanho fora de 20 a 512 caracteres');
  let top: Array<[string, string]>;
  try {
    top = readTlv(text);
  } catch (error) {
    return fail((error as Error).message);
  }
  const last = top.at(-1);
  if (last?.[0] !== '63' || last[1].length !== 4) return fail('o campo 63 (CRC) deve ser o último, com 4 caracteres');
  const crc = last[1].toUpperCase();
  if (crc16(text.slice(0, -4)) !== crc) return fail(`CRC ${crc} não confere (calculado: ${crc16(text.slice(0, -4))})`);
  const fields = Object.fromEntries(top);
  if (top[0]?.[0] !== '00' || fields['00'] !== '01') return fail('o campo 00 deve ser o primeiro e valer 01');
  if (fields['01'] !== undefined && fields['01'] !== '11' && fields['01'] !== '12')
    return fail('o campo 01 deve valer 11 ou 12');
  if (!/^\d{4}$/.test(fields['52'] ?? '') || fields['53'] !== '986' || fields['58'] !== 'BR')
    return fail('campos 52 (4 dígitos), 53=986 e 58=BR obrigatórios');
  const name = fields['59'];
  const city = fields['60'];
  if (!name || name.length > NAME_MAX) return fail('campo 59 (nome): de 1 a 25 caracteres');
  if (!city || city.length > CITY_MAX) return fail('campo 60 (cidade): de 1 a 15 caracteres');

  let account: Record<string, string>;
  let extra: Record<string, string>;
  try {
    account = Object.fromEntries(readTlv(fields['26'] ?? ''));
    extra = Object.fromEntries(readTlv(fields['62'] ?? ''));
  } catch (error) {
    return fail((error as Error).message);
  }
  if (account['00']?.toLowerCase() !== GUI) return fail('o campo 26 deve trazer o GUI br.gov.bcb.pix');
  const key = account['01'] ?? null;
  const url = account['25'] ?? null;
  if ((key === null) === (url === null)) return fail('o campo 26 deve trazer uma chave (01) ou uma URL (25)');

  let amountCents: number | null = null;
  if (fields['54'] !== undefined) {
    // The manual's shape only (digits, a dot, up to two decimals); parseDecimal turns it into centavos exactly.
    if (!/^\d{1,10}(?:\.\d{1,2})?$/.test(fields['54'])) return fail('campo 54 (valor) não é um valor decimal');
    const amount = parseDecimal(fields['54'], { allowZero: true });
    amountCents = amount.ok ? amount.minor : 0;
    if (amountCents <= 0) return fail('campo 54 (valor) deve ser positivo');
  }
  const txid = extra['05'];
  if (txid === undefined) return fail('o campo 62 deve trazer um txid (05)');
  // Only ours are alphanumeric: the BCB manual's own dynamic example has `RP12345678-2019`.
  if (!/^[\x21-\x7E]{1,25}$/.test(txid)) return fail('txid: de 1 a 25 caracteres');

  return {
    ok: true,
    code: {
      singleUse: fields['01'] === '12',
      key,
      url,
      message: account['02'] ?? null,
      amountCents,
      merchantName: name,
      merchantCity: city,
      txid: txid === '***' ? null : txid,
      crc,
      fields,
    },
  };
}
