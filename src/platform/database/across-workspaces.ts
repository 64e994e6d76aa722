import { DeepPartial, EntityManager, EntityTarget, FindManyOptions, FindOneOptions, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/**
 * Data access that is NOT bound to one workspace, from `UnitOfWork.acrossWorkspaces()`: for the few
 * places whose work spans every workspace (the webhook and mail workers claim from all of them, the
 * workspace registry finds a workspace by its slug). It runs on the unit of work's current manager, like
 * TenantDb, and hands out no manager, repository or query builder. Lint allows the call in src/platform
 * and in the files listed as ACROSS_WORKSPACES in eslint.config.mjs only: everything else reaches
 * tenant tables through `uow.tenant(workspaceId)`.
 */
export class AcrossWorkspacesDb {
  constructor(private readonly managerOf: () => EntityManager) {}

  private get m(): EntityManager {
    return this.managerOf();
  }

  find<T extends ObjectLiteral>(entity: EntityTarget<T>, options: FindManyOptions<T> = {}): Promise<T[]> {
    return this.m.find(entity, options);
  }

  findOne<T extends ObjectLiteral>(entity: EntityTarget<T>, options: FindOneOptions<T>): Promise<T | null> {
    return this.m.findOne(entity, options);
  }

  exists<T extends ObjectLiteral>(entity: EntityTarget<T>, where?: FindOptionsWhere<T>): Promise<boolean> {
    return this.m.exists(entity, { where });
  }

  count<T extends ObjectLiteral>(entity: EntityTarget<T>, where?: FindOptionsWhere<T>): Promise<number> {
    return this.m.count(entity, { where });
  }

  async update<T extends ObjectLiteral>(entity: EntityTarget<T>, where: FindOptionsWhere<T>, patch: QueryDeepPartialEntity<T>): Promise<number> {
    return (await this.m.update(entity, where, patch)).affected ?? 0;
  }

  create<T extends ObjectLiteral>(entity: EntityTarget<T>, plain: DeepPartial<T>): T {
    return this.m.create(entity, plain);
  }

  save<T extends ObjectLiteral>(entity: EntityTarget<T>, row: T): Promise<T> {
    return this.m.save(entity, row);
  }

  /** A raw statement over any workspace's rows (`$1`, `$2`, … are `params`). */
  async sql<R = ObjectLiteral>(text: string, params: unknown[] = []): Promise<R[]> {
    return (await this.m.query(text, params)) as R[];
  }
}
