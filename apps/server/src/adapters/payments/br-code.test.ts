import { hasError, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { centsToBrCodeAmount, crc16, encodeBrCode, parseBrCode, toBrCodeText } from './br-code';

/** research/brazil-integrations.md §1: every CRC recomputed. */
const BCB_MANUAL =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const PIX_UTILS_STATIC =
  '00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils52040000530398654041.005802BR5914Thales Ogliari6009Sao Paulo62070503***63046069';
const PIX_UTILS_DYNAMIC =
  '00020126540014br.gov.bcb.pix2532https://pix.thalesogliari.com.br5204000053039865802BR5914Thales Ogliari6009SAO PAULO62070503***63043FD3';
const GIST_DYNAMIC =
  '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a995204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB';
/** the BCB manual's dynamic example (§6.2), reproduced by several libraries with this CRC */
const BCB_MANUAL_DYNAMIC =
  '00020101021226720014br.gov.bcb.pix2550bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd4415204000053039865406123.455802BR5913Fulano de Tal6008BRASILIA62190515RP12345678-2019630445C8';
/**
 * The gist's static example as published: `62 08` around a 7-character txid field, with the CRC of that broken
 * string (170E). With the length corrected to `62 07` the CRC is 04ED, the table's "correct" value.
 */
const GIST_STATIC_PUBLISHED =
  '00020126360014BR.GOV.BCB.PIX0114+5511943214321520400005303986540566.665802BR5907EMPRESA6008BRASILIA62080503***6304170E';
const GIST_STATIC_FIXED =
  '00020126360014BR.GOV.BCB.PIX0114+5511943214321520400005303986540566.665802BR5907EMPRESA6008BRASILIA62070503***630404ED';

const parsed = (text: string) => {
  const check = parseBrCode(text);
  if (!check.ok) throw new Error(check.problem);
  return check.code;
};

describe('crc16 (CCITT-FALSE)', () => {
  it('has the standard check value', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16('')).toBe('FFFF');
  });

  it('matches every recomputed vector', () => {
    for (const code of [
      BCB_MANUAL,
      PIX_UTILS_STATIC,
      PIX_UTILS_DYNAMIC,
      GIST_DYNAMIC,
      BCB_MANUAL_DYNAMIC,
      GIST_STATIC_FIXED,
    ])
      expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
  });
});

describe('encodeBrCode', () => {
  it('writes the BCB manual example byte for byte', () => {
    const code = encodeBrCode({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(code).toBe(BCB_MANUAL);
  });

  it("writes pix-utils' static example (amount and free text) and dynamic example (URL)", () => {
    expect(
      encodeBrCode({
        key: 'nubank@thalesog.com',
        message: 'Gerado por Pix-Utils',
        merchantName: 'Thales Ogliari',
        merchantCity: 'Sao Paulo',
        amountCents: 100,
      }),
    ).toBe(PIX_UTILS_STATIC);
    expect(
      encodeBrCode({
        url: 'https://pix.thalesogliari.com.br',
        merchantName: 'Thales Ogliari',
        merchantCity: 'SAO PAULO',
      }),
    ).toBe(PIX_UTILS_DYNAMIC);
  });

  it('writes the gist dynamic example (single use), the GUI in lowercase', () => {
    const code = encodeBrCode({
      url: 'pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99',
      merchantName: 'EMPRESA',
      merchantCity: 'SAO PAULO',
      singleUse: true,
    });
    expect(code.slice(0, -4)).toBe(GIST_DYNAMIC.slice(0, -4).replace('BR.GOV.BCB.PIX', 'br.gov.bcb.pix'));
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    expect(parsed(code)).toMatchObject({ singleUse: true, url: parsed(GIST_DYNAMIC).url });
  });

  it('writes the amount from the integer, exactly', () => {
    expect(centsToBrCodeAmount(1)).toBe('0.01');
    expect(centsToBrCodeAmount(10)).toBe('0.10');
    expect(centsToBrCodeAmount(500)).toBe('5.00');
    expect(centsToBrCodeAmount(123456789)).toBe('1234567.89');
    expect(centsToBrCodeAmount(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(() => centsToBrCodeAmount(0)).toThrow(RangeError);
    expect(() => centsToBrCodeAmount(-100)).toThrow(RangeError);
    expect(() => centsToBrCodeAmount(1.5)).toThrow(RangeError);
    const base = { key: 'a@b.co', merchantName: 'PRATA', merchantCity: 'SAO PAULO' };
    for (const [cents, text] of [
      [1, '0.01'],
      [500, '5.00'],
      [123456789, '1234567.89'],
    ] as const) {
      const code = encodeBrCode({ ...base, amountCents: cents });
      expect(code).toContain(`54${String(text.length).padStart(2, '0')}${text}5802BR`);
      expect(parsed(code).amountCents).toBe(cents);
    }
    // EMV field 54 holds at most 13 characters
    expect(parsed(encodeBrCode({ ...base, amountCents: 999_999_999_999 })).amountCents).toBe(999_999_999_999);
    expect(() => encodeBrCode({ ...base, amountCents: 1_000_000_000_000 })).toThrow(/54/);
  });

  it('drops accents and cuts the name at 25 and the city at 15 characters', () => {
    expect(toBrCodeText('  São   Paulo ', 15)).toBe('Sao Paulo');
    expect(toBrCodeText('Açaí & Côco Ltda — filial', 40)).toBe('Acai & Coco Ltda  filial'.replace('  ', ' '));
    const code = parsed(
      encodeBrCode({
        key: 'a@b.co',
        merchantName: 'Joalheria Prata Fina do Brasil Ltda',
        merchantCity: 'São José dos Campos',
      }),
    );
    expect(code.merchantName).toBe('Joalheria Prata Fina do B');
    expect(code.merchantName).toHaveLength(25);
    expect(code.merchantCity).toBe('Sao Jose dos Ca');
    expect(code.merchantCity).toHaveLength(15);
  });

  it('cuts the free text to what fits field 26 and cleans it', () => {
    const evp = '123e4567-e12b-12d1-a456-426655440000';
    const code = encodeBrCode({
      key: evp,
      message: 'Depósito na Prata, referência 1234567890 e mais texto',
      merchantName: 'PRATA',
      merchantCity: 'SAO PAULO',
    });
    const account = parsed(code).fields['26']!;
    expect(account.length).toBe(99);
    expect(parsed(code).message).toBe('Deposito na Prata, referencia 123456789'.slice(0, 99 - 18 - 40 - 4));
  });

  it('writes the txid, or *** without one, and refuses a txid that is not 1 to 25 letters and digits', () => {
    const base = { key: 'a@b.co', merchantName: 'PRATA', merchantCity: 'SAO PAULO' };
    expect(parsed(encodeBrCode({ ...base, txid: 'deposit123abcdefghijklmno' })).txid).toBe('deposit123abcdefghijklmno');
    expect(encodeBrCode(base)).toContain('62070503***6304');
    expect(parsed(encodeBrCode(base)).txid).toBeNull();
    for (const txid of ['', 'a'.repeat(26), 'deposit:1', 'RP12345678-2019', 'ção'])
      expect(() => encodeBrCode({ ...base, txid })).toThrow(/txid/);
  });

  it('refuses a code with both or neither of key and URL, an empty name, or a non-ASCII key', () => {
    const base = { merchantName: 'PRATA', merchantCity: 'SAO PAULO' };
    expect(() => encodeBrCode(base)).toThrow();
    expect(() => encodeBrCode({ ...base, key: 'a@b.co', url: 'x.com/qr' })).toThrow();
    expect(() => encodeBrCode({ key: 'a@b.co', merchantName: 'ção'.replace(/./g, '—'), merchantCity: 'X' })).toThrow();
    expect(() => encodeBrCode({ ...base, key: 'joão@b.co' })).toThrow(/key/);
    expect(() => encodeBrCode({ ...base, key: 'x'.repeat(78) })).toThrow(/key/);
  });
});

describe('parseBrCode', () => {
  it('reads every recomputed vector', () => {
    expect(parsed(BCB_MANUAL)).toMatchObject({
      singleUse: false,
      key: '123e4567-e12b-12d1-a456-426655440000',
      url: null,
      amountCents: null,
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: null,
      crc: '1D3D',
    });
    expect(parsed(PIX_UTILS_STATIC)).toMatchObject({
      key: 'nubank@thalesog.com',
      message: 'Gerado por Pix-Utils',
      amountCents: 100,
    });
    expect(parsed(PIX_UTILS_DYNAMIC)).toMatchObject({ key: null, url: 'https://pix.thalesogliari.com.br' });
    expect(parsed(GIST_DYNAMIC)).toMatchObject({ singleUse: true, merchantName: 'EMPRESA', crc: 'EEAB' });
    expect(parsed(BCB_MANUAL_DYNAMIC)).toMatchObject({ amountCents: 12345, txid: 'RP12345678-2019', crc: '45C8' });
    expect(parsed(GIST_STATIC_FIXED)).toMatchObject({ key: '+5511943214321', amountCents: 6666, crc: '04ED' });
  });

  it('refuses the gist static example as published (a TLV length off by one), whatever its CRC', () => {
    expect(crc16(GIST_STATIC_PUBLISHED.slice(0, -4))).toBe('170E');
    expect(parseBrCode(GIST_STATIC_PUBLISHED).ok).toBe(false);
  });

  it('refuses a wrong CRC, naming the right one', () => {
    const wrong = `${BCB_MANUAL.slice(0, -4)}1D3E`;
    expect(parseBrCode(wrong)).toEqual({ ok: false, problem: 'CRC 1D3E não confere (calculado: 1D3D)' });
    // a changed amount with the old CRC
    expect(parseBrCode(PIX_UTILS_STATIC.replace('54041.00', '54041.01')).ok).toBe(false);
    expect(parsed(BCB_MANUAL.replace(/1D3D$/, '1d3d')).crc).toBe('1D3D');
  });

  it('refuses broken structure, fixed fields and limits', () => {
    const withCrc = (body: string) => body + crc16(body);
    const body = (fields: string) => `${fields}6304`;
    const good = '00020126330014br.gov.bcb.pix0111123456789015204000053039865802BR5905PRATA6009SAO PAULO62070503***';
    expect(parseBrCode(withCrc(body(good))).ok).toBe(true);
    const bad = [
      good.replace('000201', '000202'), // payload format
      good.replace('5303986', '5303840'), // currency
      good.replace('5802BR', '5802US'), // country
      good.replace('0014br.gov.bcb.pix', '0014br.gov.bcb.xyz'), // GUI
      good.replace('62070503***', ''), // no txid
      good.replace('5905PRATA', `5926${'P'.repeat(26)}`), // name over 25
      good.replace('6009SAO PAULO', `6016${'C'.repeat(16)}`), // city over 15
      `${good}5802BR`, // repeated field
      `${good}99`, // a dangling header
      good.replace('5204000053039865802BR', '52040000530398654041,005802BR'), // amount with a comma
    ];
    for (const fields of bad) expect(parseBrCode(withCrc(body(fields))).ok, fields).toBe(false);
    expect(parseBrCode('').ok).toBe(false);
    expect(parseBrCode('x'.repeat(600)).ok).toBe(false);
    expect(parseBrCode(`${good}6305ABCDE`).ok).toBe(false);
  });
});

describe('cross-check with pix-utils', () => {
  it('pix-utils reads what we write (its CRC check included), with the same fields', () => {
    const cases = [
      { key: 'nubank@thalesog.com', merchantName: 'Thales Ogliari', merchantCity: 'Sao Paulo', amountCents: 100 },
      {
        key: '123e4567-e12b-12d1-a456-426655440000',
        message: 'Depósito Prata',
        merchantName: 'Prata Metais Preciosos Ltda',
        merchantCity: 'Ribeirão Preto',
        amountCents: 123456789,
        txid: 'eposit123abcdefghijklmnop',
        singleUse: true,
      },
      { key: '+5511943214321', merchantName: 'EMPRESA', merchantCity: 'BRASILIA', amountCents: 1 },
    ];
    for (const input of cases) {
      const code = encodeBrCode(input);
      const theirs = parsePix(code);
      if (hasError(theirs) || theirs.type !== 'STATIC') throw new Error(`pix-utils refused ${code}`);
      const ours = parsed(code);
      expect(theirs.pixKey).toBe(ours.key);
      expect(theirs.merchantName).toBe(ours.merchantName);
      expect(theirs.merchantCity).toBe(ours.merchantCity);
      expect(Math.round((theirs.transactionAmount ?? 0) * 100)).toBe(input.amountCents);
      expect(theirs.txid).toBe(ours.txid ?? '***');
      // (its own toBRCode uppercases name and city, so the strings are compared field by field, not whole)
    }
  });

  it('pix-utils and we agree on every vector and on a broken CRC', () => {
    for (const code of [BCB_MANUAL, PIX_UTILS_STATIC, PIX_UTILS_DYNAMIC, GIST_DYNAMIC, BCB_MANUAL_DYNAMIC]) {
      expect(hasError(parsePix(code))).toBe(false);
      expect(parseBrCode(code).ok).toBe(true);
    }
    const broken = `${BCB_MANUAL.slice(0, -4)}0000`;
    expect(hasError(parsePix(broken))).toBe(true);
    expect(parseBrCode(broken).ok).toBe(false);
  });
});
