import { Injectable } from '@nestjs/common';
import { EntityTarget } from 'typeorm';
import { forbidden, notFound } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
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

  /**
   * Other active or inactive users of the caller's department (empty when the caller has none): from the
   * auth context, where the credential guard put them; loaded (once per context) only when a context was
   * built without them.
   */
  async teamIds(auth: UserContext): Promise<number[]> {
    if (auth.teamIds) return auth.teamIds;
    return (auth.teamIds = await this.departmentPeers(auth.workspace.id, auth.user));
  }

  /**
   * The same rule for a user acting without a request, e.g. the owner of a mailbox being synced: null = all
   * (admin); [] when the user is gone or inactive (they see nothing).
   */
  async visibleOwnerIdsOfUser(workspaceId: number, userId: number): Promise<number[] | null> {
    const user = await this.uow.tenant(workspaceId).findOne(User, { where: { id: userId } });
    if (!user?.active) return [];
    if (user.role === 'admin') return null;
    return [user.id, ...(await this.departmentPeers(workspaceId, user))];
  }

  private async departmentPeers(workspaceId: number, user: User): Promise<number[]> {
    const dept = user.department.trim();
    if (!dept) return [];
    const rows = await this.uow
      .tenant(workspaceId)
      .qb(User, 'u')
      .select('u.id', 'id')
      .andWhere('u.department = :dept AND u.id <> :me', { dept, me: user.id })
      .getRawMany<{ id: number }>();
    return rows.map((r) => r.id);
  }

  /** A record of the caller's workspace whose owner the caller may see; otherwise 404 `<what> not found`. */
  async findVisible<T extends { workspaceId: number; id: number; ownerId: number }>(
    entity: EntityTarget<T>,
    auth: UserContext,
    id: number,
    what: string,
    lock = false,
  ): Promise<T> {
    const row = await this.uow.tenant(auth.workspace.id).byId(entity, id, lock);
    if (!row || !this.canSee(await this.visibleOwnerIds(auth), row.ownerId)) throw notFound(what);
    return row;
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
