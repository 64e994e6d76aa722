import type { User } from '../../../domain/identity/user.entity';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { callerLang, inLanguage } from '../../../domain/workspace/labels';

export { summaryOf } from '../../../domain/identity/user.view';

export function listResponse<T>(items: T[], nextCursor: string | null) {
  return { ok: true as const, items, next_cursor: nextCursor };
}

/**
 * The workspace in the caller's language (the user's language setting, else the workspace's): stage labels,
 * gate texts and role labels of the answer follow it; keys never change (docs/decisions/i18n.md).
 */
export function callerView(auth: { workspace: Workspace; user: User | null }): Workspace {
  return inLanguage(auth.workspace, callerLang(auth));
}
