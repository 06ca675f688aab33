import QRCode from 'qrcode';

/**
 * The booking's check-in QR code as a PNG (docs/front-of-house.md "Attendance"): the payload is
 * the check-in link (check-in-token.ts `checkInUrl`), error correction M, a 4-module quiet zone,
 * 240 px square (a phone screen or a printout scans it at the desk and the kiosk). Drawn by
 * `qrcode` (MIT); no network, no files.
 */
export const QR_PNG_SIZE = 240;

export const checkInQrPng = (payload: string): Promise<Buffer> =>
  QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: QR_PNG_SIZE, color: { dark: '#000000', light: '#ffffff' } });
