import type { User } from '../../../domain/identity/user.entity';
import { toUserSummary, UserSummaryDto } from './user.mapper';

/** The owner / assignee summary from a batch-loaded user map (null when unknown). */
export function summaryOf(users: Map<number, User>, id: number | null | undefined, locale: string): UserSummaryDto | null {
  if (id === null || id === undefined) return null;
  const u = users.get(id);
  return u ? toUserSummary(u, locale) : null;
}

export function listResponse<T>(items: T[], nextCursor: string | null) {
  return { ok: true as const, items, next_cursor: nextCursor };
}
