import { createHmac, randomBytes } from 'node:crypto';

/**
 * Webhook signatures (spec 6.3 and Standard Webhooks). The signing key shown on the card is
 * `whsec_` + base64 of 32 random bytes, so one key serves both schemes:
 * - `X-Service-Signature: sha256=<hex>`: HMAC-SHA256 of the raw body keyed with the key's UTF-8
 *   bytes, the whole string as shown (spec 6.3);
 * - `webhook-signature: v1,<base64>`: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed
 *   with the base64-decoded part after `whsec_` (what off-the-shelf Standard Webhooks verifiers do).
 */
export const SIGNING_KEY_PREFIX = 'whsec_';

export function newSigningKey(): string {
  return SIGNING_KEY_PREFIX + randomBytes(32).toString('base64');
}

/** `sha256=<lowercase hex>` of the exact body bytes. */
export function serviceSignature(key: string, body: Buffer | string): string {
  return 'sha256=' + createHmac('sha256', Buffer.from(key, 'utf8')).update(body).digest('hex');
}

/** The Standard Webhooks `webhook-signature` value. */
export function standardSignature(key: string, messageId: string, timestamp: number, body: Buffer | string): string {
  const secret = Buffer.from(key.startsWith(SIGNING_KEY_PREFIX) ? key.slice(SIGNING_KEY_PREFIX.length) : key, 'base64');
  const mac = createHmac('sha256', secret).update(`${messageId}.${timestamp}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

/** Headers of a signed delivery (webhook and automation connections). */
export function signedHeaders(key: string, event: string, messageId: string, body: Buffer, now = new Date()): Record<string, string> {
  const ts = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'x-service-event': event,
    'x-service-signature': serviceSignature(key, body),
    'webhook-id': messageId,
    'webhook-timestamp': String(ts),
    'webhook-signature': standardSignature(key, messageId, ts, body),
  };
}
