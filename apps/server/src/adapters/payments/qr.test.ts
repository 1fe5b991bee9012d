import { describe, expect, it } from 'vitest';
import { encodeBrCode } from './br-code';
import { brCodeQrPngBase64, PIX_QR_SIZE_PX } from './qr';

describe('brCodeQrPngBase64', () => {
  it('draws a 256 px PNG of a few KB, as plain base64', async () => {
    const code = encodeBrCode({
      key: '123e4567-e12b-12d1-a456-426655440000',
      message: 'Deposito Prata',
      merchantName: 'PRATA',
      merchantCity: 'SAO PAULO',
      amountCents: 123456789,
      txid: 'eposit123abcdefghijklmnop',
      singleUse: true,
    });
    const base64 = await brCodeQrPngBase64(code);
    expect(base64).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(base64, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR: width and height, big-endian, at bytes 16 and 20
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(PIX_QR_SIZE_PX);
    expect(png.readUInt32BE(20)).toBe(PIX_QR_SIZE_PX);
    expect(png.length).toBeGreaterThan(500);
    expect(png.length).toBeLessThan(20_000);
  });

  it('draws different images for different codes', async () => {
    const base = { key: 'a@b.co', merchantName: 'PRATA', merchantCity: 'SAO PAULO' };
    const one = await brCodeQrPngBase64(encodeBrCode({ ...base, amountCents: 100 }));
    const two = await brCodeQrPngBase64(encodeBrCode({ ...base, amountCents: 101 }));
    expect(one).not.toBe(two);
  });
});
