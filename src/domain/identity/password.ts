import { randomBytes } from 'node:crypto';
import { Algorithm, hash, verify } from '@node-rs/argon2';

const COMMON = new Set([
  'password', 'password1', 'password123', '123456', '12345678', '123456789', '1234567890', 'qwerty', 'qwerty123', 'letmein',
  'welcome', 'welcome1', 'admin', 'admin123', 'changeme', 'iloveyou', 'abc123', '111111', '000000', 'sunshine', 'dragon',
]);

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Weak: shorter than 8, a common password, contains the username, or under 12 characters with fewer than 3 character classes. */
export function isWeakPassword(password: string, username = ''): boolean {
  const p = password.toLowerCase();
  if (password.length < 8 || COMMON.has(p)) return true;
  const local = username.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 3 && p.includes(local)) return true;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  return password.length < 12 && classes < 3;
}

/** The password rules of every workspace, in words (pages show them next to the field). */
export const PASSWORD_RULES =
  'At least 8 characters, not a common password and not containing your user name; under 12 characters it needs three of: lower case, upper case, digits, symbols.';

/** Longest password accepted (argon2 hashes any length; this bounds the work per request). */
export const PASSWORD_MAX = 1024;

/**
 * Why a new password chosen now (password link, admin CLI) is refused, or null when it passes: the weak
 * rule above is a refusal here, while passwords set before these rules only carry the `weak_password` flag.
 */
export function passwordProblem(password: string, username = ''): string | null {
  if (password.length < 8) return 'at least 8 characters';
  if (password.length > PASSWORD_MAX) return `at most ${PASSWORD_MAX} characters`;
  if (isWeakPassword(password, username)) return `too weak. ${PASSWORD_RULES}`;
  return null;
}

/** A random password for generated accounts (demo admin, admin CLI). */
export function randomPassword(): string {
  return `${randomBytes(12).toString('base64url')}-A7`;
}
