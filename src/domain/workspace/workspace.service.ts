import { Inject, Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import { DomainError, notFound } from '../../platform/common/errors';
import { daysBetween, todayIn } from '../../platform/common/time';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { AuthCache } from './auth-cache';
import { ALL_MODULES, defaultApp, defaultConstants, defaultLicense, defaultRates } from './defaults';
import { assertValidConstants, mergeConstants } from './constants';
import { LicenseSettings, Workspace, WorkspaceConstants } from './workspace.entity';

export const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export interface LicenseView extends LicenseSettings {
  days_left: number | null;
}

/**
 * The workspace registry. The `workspaces` table is not a tenant table (a slug is looked up before any
 * workspace is known), so it is read and written through `uow.acrossWorkspaces()`; the tenant tables a
 * change touches (opportunities, for constants) go through `uow.tenant(id)` as everywhere else.
 * Every write to a workspace row (licence, constants, settings) calls `cache.invalidateWorkspace(ws.id)`
 * inside its unit of work, after the UPDATE: the auth cache then drops the workspace here at once and on
 * other instances when the transaction commits.
 */
@Injectable()
export class WorkspaceService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly cache: AuthCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The workspace of a slug, from the auth cache (read on every request). Writes to a workspace call
   * `cache.invalidateWorkspace` in their unit of work, so changes take effect at once here and within 1 s
   * on other instances.
   */
  findBySlug(slug: string): Promise<Workspace | null> {
    return this.cache.workspaceBySlug(slug, () => this.registry.findOne(Workspace, { where: { slug } }));
  }

  async getBySlug(slug: string): Promise<Workspace> {
    const ws = await this.findBySlug(slug);
    if (!ws) throw notFound('workspace');
    return ws;
  }

  async count(): Promise<number> {
    return this.registry.count(Workspace);
  }

  /** Every workspace's id (housekeeping jobs walk them one at a time). */
  async ids(): Promise<number[]> {
    return (await this.registry.find(Workspace, { select: { id: true }, order: { id: 'ASC' } })).map((w) => w.id);
  }

  /** Workspaces by id, in no particular order (missing ids are left out). */
  byIds(ids: number[]): Promise<Workspace[]> {
    return this.registry.find(Workspace, { where: { id: In(ids) } });
  }

  private get registry() {
    return this.uow.acrossWorkspaces();
  }

  async create(input: { slug: string; name: string; timezone?: string }): Promise<Workspace> {
    const slug = input.slug.toLowerCase();
    if (!SLUG_RE.test(slug)) throw new DomainError('invalid', 'slug: lower-case letters, digits and dashes, 1-63 characters');
    return this.uow.run(async () => {
      const db = this.registry;
      if (await db.exists(Workspace, { slug })) throw new DomainError('conflict', `workspace ${slug} already exists`);
      const ws = db.create(Workspace, {
        slug,
        name: input.name,
        timezone: input.timezone ?? this.config.defaultTimezone,
        app: defaultApp(input.name),
        constants: defaultConstants(),
        currencyRates: defaultRates(),
        license: defaultLicense(input.name),
        ai: false,
      });
      const saved = await db.save(Workspace, ws);
      await this.cache.invalidateWorkspace(saved.id, slug);
      return saved;
    });
  }

  async setLicense(slug: string, patch: Partial<LicenseSettings>): Promise<Workspace> {
    if (patch.modules) {
      const unknown = patch.modules.filter((m) => !ALL_MODULES.includes(m));
      if (unknown.length) throw new DomainError('invalid', `modules: unknown module(s) ${unknown.join(', ')}; known: ${ALL_MODULES.join(', ')}`);
    }
    return this.uow.run(async () => {
      const ws = await this.registry.findOne(Workspace, { where: { slug }, lock: { mode: 'pessimistic_write' } });
      if (!ws) throw notFound('workspace');
      ws.license = { ...ws.license, ...patch };
      await this.registry.update(Workspace, { id: ws.id }, { license: ws.license });
      await this.cache.invalidateWorkspace(ws.id);
      return ws;
    });
  }

  /**
   * Sets a workspace's constants: `patch` is merged over the current constants (each top-level key
   * replaces its value as a whole) and the result is validated as a whole (400 `invalid` naming the
   * bad key). In one unit of work with the row locked, so two changes cannot interleave. Stages that
   * opportunities still use cannot be removed; `is_open` of opportunities follows changed roles.
   */
  async setConstants(slug: string, patch: Partial<WorkspaceConstants> | Record<string, unknown>): Promise<WorkspaceConstants> {
    const ws = await this.uow.run(async () => {
      const row = await this.registry.findOne(Workspace, { where: { slug }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw notFound('workspace');
      const next = mergeConstants(row.constants, patch);
      assertValidConstants(next);
      // Opportunities keep their stage key and an is_open copy of its role (for indexed filters): a
      // stage still in use may not disappear, and is_open follows a changed role. (Raw SQL on purpose:
      // the workspace module does not import the CRM's entities.)
      const opportunities = this.uow.tenant(row.id);
      const used = await opportunities.sql<{ stage: string; n: number }>(
        `SELECT stage, count(*)::int AS n FROM opportunities WHERE workspace_id = $1 AND NOT (stage = ANY($2::text[])) GROUP BY stage ORDER BY stage`,
        [next.stages],
      );
      if (used.length) {
        const list = used.map((u) => `${u.stage} (${u.n} opportunit${u.n === 1 ? 'y' : 'ies'})`).join(', ');
        throw new DomainError('invalid', `stages: still used, so they cannot be removed or renamed: ${list}`, { field: 'stages' });
      }
      await opportunities.sql(`UPDATE opportunities SET is_open = (stage = ANY($2::text[])), updated_at = now() WHERE workspace_id = $1 AND is_open <> (stage = ANY($2::text[]))`, [next.open_stages]);
      row.constants = next;
      await this.registry.update(Workspace, { id: row.id }, { constants: next });
      // stages, statuses and rules are read from the cached workspace: drop it here and on every instance
      await this.cache.invalidateWorkspace(row.id);
      return row;
    });
    return ws.constants;
  }

  licenseView(ws: Workspace, now = new Date()): LicenseView {
    const l = ws.license;
    const daysLeft = l.end ? daysBetween(todayIn(ws.timezone, now), l.end) : null;
    const expired = daysLeft !== null && daysLeft < 0;
    return { ...l, blocked: l.blocked || expired, state: expired ? 'expired' : l.state, days_left: daysLeft };
  }

  /** Modules the licence turns on (none while blocked or expired). */
  licensedModules(ws: Workspace): string[] {
    const view = this.licenseView(ws);
    return view.blocked ? [] : view.modules;
  }
}
