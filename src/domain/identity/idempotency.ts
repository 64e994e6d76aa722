import { setTimeout as delay } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, invalidFields } from '../../platform/common/errors';
import { sha256Hex, type SecretBox } from '../../platform/common/crypto';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { SECRET_BOX } from './secret-box.provider';

/** How long a key answers with its first response (IETF httpapi Idempotency-Key draft: the server says). */
export const IDEMPOTENCY_HOURS = 24;
/** A claim whose request never finished (the instance died) may be taken over after this long. */
export const IDEMPOTENCY_STALE_SECONDS = 300;
/** How long a concurrent duplicate waits for the first request before it is answered 409. */
export const IDEMPOTENCY_WAIT_MS = 5000;
/** Rows deleted per statement by the retention round. */
const BATCH = 5000;

/** 1-255 printable ASCII characters (the draft's key is an sf-string: printable ASCII). */
const KEY = /^[\x20-\x7e]{1,255}$/;

/** The first answer given for a key: what a repeat is answered with. */
export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

/** What claim() found: the key is this request's to run (`owned`, with the row id), or an earlier answer to replay. */
export type Claim = { owned: number } | { replay: StoredAnswer };

/** Who sent the key, and what it stands for. */
export interface IdempotentRequest {
  workspaceId: number;
  credentialId: number;
  key: string;
  fingerprint: string;
}

const CLAIM = `
  INSERT INTO idempotency_keys AS k (workspace_id, credential_id, key, fingerprint, expires_at)
  VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))
  ON CONFLICT (workspace_id, credential_id, key) DO UPDATE
     SET fingerprint = EXCLUDED.fingerprint, expires_at = EXCLUDED.expires_at, created_at = now(), status = NULL, content_type = NULL, body = NULL
   WHERE k.workspace_id = $1 AND (k.expires_at <= now() OR (k.status IS NULL AND k.created_at < now() - make_interval(secs => $6)))
  RETURNING id`;

const FIND = `
  SELECT id, fingerprint, status, content_type, body FROM idempotency_keys
   WHERE workspace_id = $1 AND credential_id = $2 AND key = $3 AND expires_at > now()`;

const PRUNE = `
  WITH gone AS (SELECT id FROM idempotency_keys WHERE workspace_id = $1 AND expires_at <= now() LIMIT $2),
  d AS (DELETE FROM idempotency_keys k USING gone WHERE k.workspace_id = $1 AND k.id = gone.id RETURNING 1)
  SELECT count(*)::int AS n FROM d`;

/** A JSON value with object keys sorted, so that `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same body. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 of what a key stands for: the method, the routed path (or MCP tool) and the canonical body. */
export function fingerprintOf(method: string, path: string, body: unknown): string {
  return sha256Hex(`${method.toUpperCase()}\n${path}\n${canonicalJson(body)}`);
}

/** The key as sent, checked: 1-255 printable characters, else 400 `invalid`. */
export function checkedKey(key: string, field: string): string {
  if (!KEY.test(key)) throw invalidFields([{ field, message: 'must be 1 to 255 printable ASCII characters' }]);
  return key;
}

/**
 * Idempotency keys, shared by the REST edge and the MCP tools. claim() inserts the key's row
 * in its own statement before the write runs: the unique index (workspace, credential, key) lets exactly
 * one request on any instance own it. A duplicate reads the row: another fingerprint is 422
 * `idempotency_key_reused`; a stored answer is replayed; a request still running is waited for (up to
 * IDEMPOTENCY_WAIT_MS), then 409 `idempotency_key_in_use`. The owner stores its answer (complete) or,
 * after a server error, frees the key (release).
 *
 * The stored body is sealed with the secret box: some answers carry a secret shown once (a new API, SCIM or
 * ERP key, a webhook signing key), and the row keeps it 24 hours. A row sealed under another SECRET_KEY cannot
 * be opened: it is dropped and the repeat runs again, as after the key's expiry. Rows written in clear before
 * sealing (no `v1.` prefix) are replayed as they are until they expire.
 */
@Injectable()
export class IdempotencyKeys {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(SECRET_BOX) private readonly box: SecretBox,
  ) {}

  async claim(r: IdempotentRequest): Promise<Claim> {
    const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
    for (let pause = 25; ; pause = Math.min(pause * 2, 200)) {
      const [own] = await this.uow.statement<{ id: number }>(r.workspaceId, CLAIM, [r.credentialId, r.key, r.fingerprint, IDEMPOTENCY_HOURS, IDEMPOTENCY_STALE_SECONDS]);
      if (own) return { owned: own.id };
      const [row] = await this.uow.statement<{ id: number; fingerprint: string; status: number | null; content_type: string | null; body: string | null }>(
        r.workspaceId,
        FIND,
        [r.credentialId, r.key],
      );
      if (row && row.fingerprint !== r.fingerprint) {
        throw new DomainError('idempotency_key_reused', 'this Idempotency-Key was already used with another request (method, path or body); use a new key');
      }
      if (row && row.status !== null) {
        const body = this.opened(row.body ?? '');
        if (body !== null) return { replay: { status: row.status, contentType: row.content_type, body } };
        await this.uow.statement(r.workspaceId, `DELETE FROM idempotency_keys WHERE workspace_id = $1 AND id = $2`, [row.id]);
        continue;
      }
      // still running (or freed and expired a moment ago: then the next claim takes it)
      if (Date.now() + pause > deadline) {
        throw new DomainError('idempotency_key_in_use', 'a request with this Idempotency-Key is still being processed; repeat it later', {}, 1);
      }
      await delay(pause);
    }
  }

  /** Stores the owner's answer: repeats within IDEMPOTENCY_HOURS get it. */
  async complete(workspaceId: number, id: number, answer: StoredAnswer): Promise<void> {
    await this.uow.statement(workspaceId, `UPDATE idempotency_keys SET status = $3, content_type = $4, body = $5 WHERE workspace_id = $1 AND id = $2`, [
      id,
      answer.status,
      answer.contentType,
      this.box.seal(answer.body),
    ]);
  }

  /** The stored body in clear: opened when sealed, as it is when written before sealing; null when it cannot be opened. */
  private opened(stored: string): string | null {
    if (!stored.startsWith('v1.')) return stored;
    try {
      return this.box.open(stored);
    } catch {
      return null;
    }
  }

  /** Frees the key after a server error (or an answer that cannot be stored): a repeat runs again. */
  async release(workspaceId: number, id: number): Promise<void> {
    await this.uow.statement(workspaceId, `DELETE FROM idempotency_keys WHERE workspace_id = $1 AND id = $2 AND status IS NULL`, [id]);
  }

  /** Deletes a workspace's expired keys (CredentialRetention's round). */
  async prune(workspaceId: number): Promise<number> {
    let total = 0;
    for (;;) {
      const [{ n }] = await this.uow.runDetached(() => this.uow.tenant(workspaceId).sql<{ n: number }>(PRUNE, [BATCH]));
      total += n;
      if (n < BATCH) return total;
    }
  }
}
