import { Secret, TOTP } from 'otpauth';

/** RFC 6238 TOTP: SHA-1, 6 digits, 30-second steps, one step of drift allowed. */
function totp(secretBase32: string, label = 'user'): TOTP {
  return new TOTP({ issuer: 'CRM', label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretBase32) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secretBase32: string, label: string): string {
  return totp(secretBase32, label).toString();
}

export function verifyTotp(secretBase32: string, code: string, timestamp = Date.now()): boolean {
  return totpStep(secretBase32, code, timestamp) !== null;
}

/** The 30-second time step (Unix time / 30) the code belongs to, or null when it matches none in the window. */
export function totpStep(secretBase32: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({ token: code, window: 1, timestamp });
  return delta === null ? null : Math.floor(timestamp / 30_000) + delta;
}

export function currentTotp(secretBase32: string, timestamp = Date.now()): string {
  return totp(secretBase32).generate({ timestamp });
}
