import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SECRET_BOX } from '../domain/identity/secret-box.provider';
import type { UserContext } from '../domain/identity/auth-context';
import { constantTimeEqual, SecretBox } from '../platform/common/crypto';
import { DomainError } from '../platform/common/errors';
import { Clock } from '../platform/common/clock';

/** How long an export link answers (the issue's "valid for 15 minutes"). */
export const EXPORT_LINK_TTL_MS = 15 * 60_000;

/** A list query in the form its export route reads it: query-string names and values. */
export type ExportQuery = Record<string, string>;

/** What an export link grants: one user's export of one list with one query, until `expires`. */
export interface ExportGrant {
  workspaceId: number;
  userId: number;
  /** The credential that asked for the link: its kind and scopes are the download's. */
  credential: { id: number; kind: UserContext['credential']['kind']; scopes: string[] };
  kind: string;
  /** The custom object's key, for `kind` objects. */
  objectKey?: string;
  query: ExportQuery;
  /** Epoch milliseconds. */
  expires: number;
}

const refused = (): DomainError => new DomainError('not_found', 'this export link is unknown or has expired; ask for a new one');

/**
 * Signed export links (the MCP tool `export_records`): the grant in the URL, signed with a key derived
 * from SECRET_KEY for this purpose alone, so a GET without other credentials serves exactly that export,
 * as that user, in that workspace, until it expires; a changed character or another workspace's Host is
 * 404. Nothing is stored: a link cannot be revoked before it expires, which is why it lives 15 minutes.
 */
@Injectable()
export class ExportLinks {
  private readonly key: string;

  constructor(
    @Inject(SECRET_BOX) box: SecretBox,
    private readonly clock: Clock,
  ) {
    this.key = box.derive('export-link');
  }

  issue(auth: UserContext, kind: string, query: ExportQuery, objectKey?: string): { token: string; expires: Date } {
    const now = this.clock.now().getTime();
    const c = auth.credential;
    const grant: ExportGrant = {
      workspaceId: auth.workspace.id,
      userId: auth.user.id,
      credential: { id: c.id, kind: c.kind, scopes: c.scopes },
      kind,
      ...(objectKey ? { objectKey } : {}),
      query,
      expires: now + EXPORT_LINK_TTL_MS,
    };
    const body = Buffer.from(JSON.stringify(grant), 'utf8').toString('base64url');
    return { token: `${body}.${this.sign(body)}`, expires: new Date(grant.expires) };
  }

  /** The grant of a token for this workspace; 404 for a token not signed here, expired, or of another workspace. */
  open(token: string, workspaceId: number): ExportGrant {
    const now = this.clock.now().getTime();
    const [body, sig, extra] = token.split('.');
    if (!body || !sig || extra !== undefined || !constantTimeEqual(sig, this.sign(body))) throw refused();
    let grant: ExportGrant;
    try {
      grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ExportGrant;
    } catch {
      throw refused();
    }
    if (grant.workspaceId !== workspaceId || !(grant.expires > now)) throw refused();
    return grant;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body, 'utf8').digest('base64url');
  }
}
