import QRCode from 'qrcode';

/** Pixels per side of the PNG: sharp at the 256 px the deposit screen shows it, and still a few KB. */
export const PIX_QR_SIZE_PX = 256;

/**
 * The QR image of a BR Code, a PNG as plain base64 (no `data:` prefix, like Asaas's `encodedImage`). Error
 * correction M (15%), the level the Pix manual's examples and the banks' apps use; the default 4-module quiet zone.
 */
export async function brCodeQrPngBase64(brCode: string): Promise<string> {
  const png = await QRCode.toBuffer(brCode, {
    type: 'png',
    errorCorrectionLevel: 'M',
    width: PIX_QR_SIZE_PX,
    margin: 4,
  });
  return png.toString('base64');
}
