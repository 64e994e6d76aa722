/** The kinds of connection the console lists. `app`: an OAuth grant (an MCP client or any other OAuth app) of one user. */
export const CONNECTION_CONSOLE_KINDS = ['app', 'api_key', 'erp', 'scim', 'webhook', 'chat'] as const;
export type ConsoleKind = (typeof CONNECTION_CONSOLE_KINDS)[number];

export const CONNECTION_STATES = ['healthy', 'failing', 'idle', 'revoked'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** Failing: at least this share of the last 24 hours' requests were errors. */
export const FAILING_SHARE = 0.1;

/**
 * A connection's state: revoked (a revoked key, a paused webhook), idle (no request in the last 24 hours),
 * failing (errors are at least 10 % of the last 24 hours' requests, or the latest webhook delivery
 * failed), healthy otherwise.
 */
export function connectionState(c: { revoked: boolean; requests: number; errors: number; latestFailed?: boolean }): ConnectionState {
  if (c.revoked) return 'revoked';
  if (c.requests === 0) return 'idle';
  if (c.latestFailed || c.errors >= c.requests * FAILING_SHARE) return 'failing';
  return 'healthy';
}

/** What the console can do with a connection of this kind (admins: everything listed; users: revoke their own grants and keys). */
export function connectionActions(kind: ConsoleKind, revoked: boolean): ('revoke' | 'rotate')[] {
  if (revoked) return [];
  // API keys have no rotation of their own (create a new one, revoke the old); chat connections have no key
  if (kind === 'app' || kind === 'api_key' || kind === 'chat') return ['revoke'];
  return ['revoke', 'rotate'];
}
