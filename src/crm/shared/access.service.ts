import { Injectable } from '@nestjs/common';
import { forbidden } from '../../common/errors';
import { UnitOfWork } from '../../database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth/auth-context';
import { User } from '../../identity/user.entity';

/**
 * Record visibility (docs/crm-rules.md): admins see everything in the workspace; a sales user sees
 * records owned by themself or by users of the same (non-empty) department. Only the owner or an admin
 * may edit (403 forbidden); a record that is not visible is 404 not_found.
 */
@Injectable()
export class AccessService {
  constructor(private readonly uow: UnitOfWork) {}

  /** Owner ids whose records the caller sees; null = all (admin). */
  async visibleOwnerIds(auth: UserContext): Promise<number[] | null> {
    if (isAdmin(auth)) return null;
    return [auth.user.id, ...(await this.teamIds(auth))];
  }

  /** Other active or inactive users of the caller's department (empty when the caller has none). */
  async teamIds(auth: UserContext): Promise<number[]> {
    const dept = auth.user.department.trim();
    if (!dept) return [];
    const rows = await this.uow
      .repo(User)
      .createQueryBuilder('u')
      .select('u.id', 'id')
      .where('u.workspace_id = :ws AND u.department = :dept AND u.id <> :me', { ws: auth.workspace.id, dept, me: auth.user.id })
      .getRawMany<{ id: number }>();
    return rows.map((r) => r.id);
  }

  canSee(visible: number[] | null, ownerId: number): boolean {
    return visible === null || visible.includes(ownerId);
  }

  canEdit(auth: UserContext, ownerId: number): boolean {
    return isAdmin(auth) || ownerId === auth.user.id;
  }

  assertCanEdit(auth: UserContext, ownerId: number): void {
    if (!this.canEdit(auth, ownerId)) throw forbidden();
  }
}
