import { Injectable } from '@nestjs/common';
import { requestContext } from '../../platform/common/request-context';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import type { AuthContext } from './auth-context';

/** One MCP call as the audit log keeps it. */
export interface McpCall {
  /** `tools/call`, `resources/read` or `prompts/get`. */
  method: string;
  /** The tool or prompt name, or the resource URI. */
  target: string;
  /** The negotiated protocol revision of the request. */
  revision: string;
  /** `ok`, or the error code the caller was answered (`not_found`, `declined`, …). */
  outcome: string;
  /** Milliseconds the call took. */
  ms: number;
}

const INSERT = `INSERT INTO audit_log (workspace_id, user_id, action, subject, detail, request_id)
  SELECT $1, $2, 'mcp_call', $3,
         $4::jsonb || coalesce((SELECT jsonb_build_object('client_id', g.client_id, 'client_name', g.client_name)
                                  FROM oauth_grants g WHERE g.workspace_id = $1 AND g.id = $5), '{}'::jsonb),
         $6`;

/**
 * Every MCP call (tools/call, resources/read, prompts/get) in the audit log, action `mcp_call`, with the
 * user and the OAuth client (client_id and name from the token's grant; an API key names its credential).
 * One INSERT … SELECT per call: inside the open unit of work when there is one (a write tool's own
 * transaction, so the row commits or rolls back with the change), otherwise as one statement without
 * BEGIN/COMMIT round trips.
 */
@Injectable()
export class McpCallAudit {
  constructor(private readonly uow: UnitOfWork) {}

  async record(auth: AuthContext, call: McpCall): Promise<void> {
    const { id, kind, grantId } = auth.credential;
    const detail = { method: call.method, target: call.target, outcome: call.outcome, revision: call.revision, ms: call.ms, credential_id: id, credential_kind: kind, grant_id: grantId ?? null };
    const subject = `${call.method} ${call.target}`.slice(0, 255);
    await this.uow.statement(auth.workspace.id, INSERT, [auth.user?.id ?? null, subject, JSON.stringify(detail), grantId ?? null, requestContext.getStore()?.requestId ?? null]);
  }

  /**
   * A write and its audit row in one transaction. `fn` must throw on failure (so nothing of it commits);
   * the row of a failed write (with the error's code) is written on its own after the rollback.
   */
  async write<T>(auth: AuthContext, call: Omit<McpCall, 'outcome' | 'ms'>, fn: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      return await this.uow.run(async () => {
        const r = await fn();
        await this.record(auth, { ...call, outcome: 'ok', ms: Date.now() - started });
        return r;
      });
    } catch (e) {
      // the database failing is the error to answer; a row it cannot take either is not a second one
      await this.record(auth, { ...call, outcome: codeOf(e), ms: Date.now() - started }).catch(() => undefined);
      throw e;
    }
  }
}

function codeOf(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[a-z_]{1,40}$/.test(code) ? code : 'internal';
}
