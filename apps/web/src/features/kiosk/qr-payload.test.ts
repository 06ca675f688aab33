import { describe, expect, it } from 'vitest';
import { checkInTokenOf } from './qr-payload.ts';

const token = 'c1.4f0c6a52-2d7e-4f7e-9a51-6b1b0f6d2f10.AbCdEfGhIjKlMnOpQr_-12';

describe("the kiosk reads a booking's QR code (link or bare token)", () => {
  it('takes the bare token', () => expect(checkInTokenOf(token)).toBe(token));
  it('takes the bare token with spaces or a new line round it', () => expect(checkInTokenOf(` ${token}\n`)).toBe(token));
  it("takes the email's check-in link", () => expect(checkInTokenOf(`https://bookings.example.com/check-in/${token}`)).toBe(token));
  it('takes the link on a path-routed host and with a trailing slash', () => {
    expect(checkInTokenOf(`http://127.0.0.1:3000/_/bookings/check-in/${token}/`)).toBe(token);
  });
  it.each([
    ['an empty scan', ''],
    ['another web address', 'https://example.com/pay?amount=100'],
    ['a link with the token in its query, not its path', `https://bookings.example.com/?token=${token}`],
    ['a token with a short signature', 'c1.4f0c6a52-2d7e-4f7e-9a51-6b1b0f6d2f10.short'],
    ['a token of another version', token.replace(/^c1/, 'c2')],
    ['a token with a bad uuid', 'c1.not-a-uuid.AbCdEfGhIjKlMnOpQr_-12'],
    ['a javascript: address', `javascript:alert(1)//check-in/${token}`],
    ['the token with something after it', `${token}.x`],
  ])('refuses %s', (_name, scanned) => expect(checkInTokenOf(scanned)).toBeNull());
});
