import { z } from 'zod';
import { field } from '../../platform/common/record-fields';
import type { User } from './user.entity';

const ROLE_LABELS: Record<string, Record<string, string>> = {
  en: { admin: 'Administrator', sales: 'Sales' },
  tr: { admin: 'Yönetici', sales: 'Satış' },
  de: { admin: 'Administrator', sales: 'Vertrieb' },
};

export function roleLabel(role: string, locale: string): string {
  return (ROLE_LABELS[locale] ?? ROLE_LABELS.en)[role] ?? role;
}

/** A user as every record names its owner or assignee (spec 2.1): the read model REST, MCP and exports share (REST names it UserSummary). */
export const UserSummarySchema = z.object({
  id: field.id(),
  username: z.string(),
  full_name: z.string(),
  role: z.string().meta({ description: 'admin or sales' }),
  role_label: z.string().meta({ description: "the role in the workspace's language" }),
  email: z.string().optional().meta({ description: "only on the caller's own user (me, login)" }),
  modules: z.array(z.string()).optional().meta({ description: "licence modules on for the caller; only on the caller's own user" }),
});
export type UserSummaryView = z.output<typeof UserSummarySchema>;
export const USER_SUMMARY_EXAMPLE: UserSummaryView = { id: 7, username: 'ayse', full_name: 'Ayşe Demir', role: 'sales', role_label: 'Sales' };

/** Spec 2.1. `email` and `modules` only for the caller's own `user` in me/login. */
export function toUserSummary(u: User, locale: string, own?: { modules: string[] }): UserSummaryView {
  const dto: UserSummaryView = { id: u.id, username: u.username, full_name: u.fullName, role: u.role, role_label: roleLabel(u.role, locale) };
  if (own) {
    dto.email = u.email;
    dto.modules = own.modules;
  }
  return dto;
}

/** The owner / assignee summary from a batch-loaded user map (null when unknown). */
export function summaryOf(users: Map<number, User>, id: number | null | undefined, locale: string): UserSummaryView | null {
  if (id === null || id === undefined) return null;
  const u = users.get(id);
  return u ? toUserSummary(u, locale) : null;
}
