import type { User } from '../../../domain/identity/user.entity';

const ROLE_LABELS: Record<string, Record<string, string>> = {
  en: { admin: 'Administrator', sales: 'Sales' },
  tr: { admin: 'Yönetici', sales: 'Satış' },
  de: { admin: 'Administrator', sales: 'Vertrieb' },
};

export function roleLabel(role: string, locale: string): string {
  return (ROLE_LABELS[locale] ?? ROLE_LABELS.en)[role] ?? role;
}

export interface UserSummaryDto {
  id: number;
  username: string;
  full_name: string;
  role: string;
  role_label: string;
  email?: string;
  modules?: string[];
}

/** Spec 2.1. `email` and `modules` only for the caller's own `user` in me/login. */
export function toUserSummary(u: User, locale: string, own?: { modules: string[] }): UserSummaryDto {
  const dto: UserSummaryDto = { id: u.id, username: u.username, full_name: u.fullName, role: u.role, role_label: roleLabel(u.role, locale) };
  if (own) {
    dto.email = u.email;
    dto.modules = own.modules;
  }
  return dto;
}
