import { createCipheriv, createDecipheriv, createHash, randomBytes, randomFillSync, timingSafeEqual } from 'node:crypto';

const TOKEN_BYTES = 32;
/** Random bytes for 64 tokens, drawn from the CSPRNG at once (each call into it costs as much as a hash here). */
const pool = Buffer.alloc(TOKEN_BYTES * 64);
let used = pool.length;

/**
 * A random credential: `<prefix>_` + 32 random bytes in base64url. The bytes come from a buffer
 * refilled by the CSPRNG 64 tokens at a time (as Node's randomUUID does); each byte is used once.
 */
export function newToken(prefix: string): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = pool.toString('base64url', used, used + TOKEN_BYTES);
  pool.fill(0, used, used + TOKEN_BYTES);
  used += TOKEN_BYTES;
  return `${prefix}_${bytes}`;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  if (ba.length !== bb.length) return false;
  return timingSafeEqual(ba, bb);
}

/** AES-256-GCM for secrets that must be recovered (TOTP seeds, signing keys). Output: v1.<iv>.<tag>.<data>. */
export class SecretBox {
  private readonly key: Buffer;
  constructor(private readonly secret: string) {
    this.key = createHash('sha256').update(secret, 'utf8').digest();
  }
  /** A key of its own for one purpose, derived from the same secret (`sha256(purpose:secret)`, hex): CSRF tokens. */
  derive(purpose: string): string {
    return createHash('sha256').update(`${purpose}:${this.secret}`, 'utf8').digest('hex');
  }
  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }
  open(sealed: string): string {
    const [v, iv, tag, data] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('sealed secret has an unknown format');
    const d = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(data, 'base64url')), d.final()]).toString('utf8');
  }
}
