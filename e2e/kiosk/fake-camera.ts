import fs from 'node:fs';
import encodeQR from 'qr';

/**
 * A fake camera picture of a QR code for Chromium's `--use-file-for-fake-video-capture` (issue 24
 * kiosk journey): a Y4M file (YUV 4:2:0, the format Chromium reads) of `width`×`height` with the
 * code black on white in the middle, drawn from the QR matrix of `text`. Nothing binary is kept
 * in the repository: the journey writes it into its own output directory.
 */
export const writeQrY4m = (file: string, text: string, { width = 640, height = 480, frames = 2 } = {}) => {
  const matrix = encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
  const scale = Math.floor((Math.min(width, height) * 0.85) / matrix.length);
  if (scale < 2) throw new Error(`The QR code of ${text.length} characters does not fit ${width}×${height}`);
  const size = matrix.length * scale;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size; y++) {
    const row = matrix[Math.floor(y / scale)]!;
    for (let x = 0; x < size; x++) if (row[Math.floor(x / scale)]) luma[(top + y) * width + left + x] = 16;
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return file;
};
