import { Injectable } from '@nestjs/common';
import { forbidden, invalid } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { Company } from '../companies/company.entity';
import { Opportunity } from '../opportunities/opportunity.entity';
import { Person } from '../people/person.entity';
import { Product } from '../products/product.entity';
import { AccessService } from './access.service';

/**
 * Records referenced from a request body (customer_id, opp_id, assignee_id, …): looked up in the
 * caller's workspace and visibility; a missing or invisible one is 400 `invalid` naming the field.
 */
@Injectable()
export class RefsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
  ) {}

  async company(auth: UserContext, id: number, field = 'customer_id'): Promise<Company> {
    const c = await this.uow.tenant(auth.workspace.id).byId(Company, id);
    if (!c || !this.access.canSee(await this.access.visibleOwnerIds(auth), c.ownerId)) throw invalid(field, `no company with id ${id}`);
    return c;
  }

  async person(auth: UserContext, id: number, field = 'person_id'): Promise<Person> {
    const p = await this.uow.tenant(auth.workspace.id).byId(Person, id);
    if (!p || !this.access.canSee(await this.access.visibleOwnerIds(auth), p.ownerId)) throw invalid(field, `no person with id ${id}`);
    return p;
  }

  /** Several people at once (one query); all must exist and be visible. */
  async people(auth: UserContext, ids: number[], field = 'person_ids'): Promise<Person[]> {
    if (!ids.length) return [];
    const unique = [...new Set(ids)];
    const rows = await this.uow.tenant(auth.workspace.id).qb(Person, 'p').andWhere('p.id IN (:...ids)', { ids: unique })
      .getMany();
    const visible = await this.access.visibleOwnerIds(auth);
    const found = new Set(rows.filter((p) => this.access.canSee(visible, p.ownerId)).map((p) => p.id));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length) throw invalid(field, `no person with id ${missing.join(', ')}`);
    return rows;
  }

  async opportunity(auth: UserContext, id: number, field = 'opp_id'): Promise<Opportunity> {
    const o = await this.uow.tenant(auth.workspace.id).byId(Opportunity, id);
    if (!o || !this.access.canSee(await this.access.visibleOwnerIds(auth), o.ownerId)) throw invalid(field, `no opportunity with id ${id}`);
    return o;
  }

  /** An active user of the workspace (owner, assignee, attendee). */
  async user(auth: UserContext, id: number, field = 'owner_id'): Promise<User> {
    const u = await this.uow.tenant(auth.workspace.id).byId(User, id);
    if (!u || !u.active) throw invalid(field, `no active user with id ${id}`);
    return u;
  }

  /**
   * The owner a write stores: `current` unless another one is requested; only an admin gives a record
   * to another user (403), who must be active (400 naming owner_id).
   */
  async owner(auth: UserContext, requested: number | null | undefined, current: number): Promise<User> {
    const id = requested ?? current;
    if (id === auth.user.id) return auth.user;
    if (id !== current && !isAdmin(auth)) throw forbidden('only an admin may give a record to another user');
    return this.user(auth, id, 'owner_id');
  }

  async users(auth: UserContext, ids: number[], field = 'attendee_ids'): Promise<User[]> {
    if (!ids.length) return [];
    const unique = [...new Set(ids)];
    const rows = await this.uow.tenant(auth.workspace.id).qb(User, 'u').andWhere('u.id IN (:...ids) AND u.active', { ids: unique })
      .getMany();
    const found = new Set(rows.map((u) => u.id));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length) throw invalid(field, `no active user with id ${missing.join(', ')}`);
    return rows;
  }

  async product(auth: UserContext, id: number, field = 'product_id'): Promise<Product> {
    const p = await this.uow.tenant(auth.workspace.id).byId(Product, id);
    if (!p || !p.active) throw invalid(field, `no active product with id ${id}`);
    return p;
  }

  /** A value from one of the workspace's constant lists. */
  oneOf(auth: UserContext, list: keyof UserContext['workspace']['constants'], value: string, field: string): string {
    const allowed = auth.workspace.constants[list];
    if (!Array.isArray(allowed) || !(allowed as unknown[]).includes(value)) {
      throw invalid(field, `must be one of ${Array.isArray(allowed) ? allowed.join(', ') : '(none)'}`);
    }
    return value;
  }
}
