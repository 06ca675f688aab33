import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from './config.ts';

/**
 * The booking's check-in QR token (docs/front-of-house.md "Attendance"): `c1.{bookingUuid}.{sig}`,
 * sig = HMAC-SHA256(secret, 'check-in:' + uuid), base64url, first 22 characters (132 bits). The
 * secret is CHECKIN_SECRET, else a random one kept in `<DATA_DIR>/checkin-secret` (made once,
 * mode 0600), so every instance sharing the data directory signs alike. The uuid alone, or a
 * signature made without the secret, is refused.
 */

const PREFIX = 'c1';
const SIG_LENGTH = 22;
let secret: Buffer | null = null;

const secretFromFile = (dataDir: string) => {
  const file = path.join(dataDir, 'checkin-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch {
      // Another process wrote it first: read theirs.
    }
    return readFileSync(file, 'utf8').trim();
  }
};

/** Sets the secret from the server's config (app start); later calls with the same config change nothing. */
export const configureCheckInSecret = (config: Pick<Config, 'CHECKIN_SECRET' | 'dataDir'>) => {
  secret = Buffer.from(config.CHECKIN_SECRET ?? secretFromFile(config.dataDir));
};

const currentSecret = () => {
  if (!secret) configureCheckInSecret(loadConfig(process.env));
  return secret!;
};

const sign = (uuid: string) => createHmac('sha256', currentSecret()).update(`check-in:${uuid}`).digest('base64url').slice(0, SIG_LENGTH);

export const checkInToken = (bookingUuid: string) => `${PREFIX}.${bookingUuid}.${sign(bookingUuid)}`;

/** The QR's payload: the check-in link (the kiosk and the till read the token from it). */
export const checkInUrl = (publicUrl: string, bookingUuid: string) => `${publicUrl.replace(/\/$/, '')}/check-in/${checkInToken(bookingUuid)}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The booking uuid of a genuine token (the token itself or the check-in link), else null. */
export const verifyCheckInToken = (scanned: string): string | null => {
  const token = scanned.trim().split('/').pop() ?? '';
  const [prefix, uuid, sig, ...rest] = token.split('.');
  if (prefix !== PREFIX || !uuid || !sig || rest.length || !UUID.test(uuid) || sig.length !== SIG_LENGTH) return null;
  const expected = Buffer.from(sign(uuid));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? uuid : null;
};
