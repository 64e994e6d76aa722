import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DomainError, notFound } from '../common/errors';
import { daysBetween, todayIn } from '../common/time';
import { UnitOfWork } from '../database/unit-of-work';
import { ALL_MODULES, defaultApp, defaultConstants, defaultLicense, defaultRates } from './defaults';
import { LicenseSettings, Workspace } from './workspace.entity';

export const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export interface LicenseView extends LicenseSettings {
  days_left: number | null;
}

@Injectable()
export class WorkspaceService {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Read on every request (no cache), so licence changes from the CLI take effect at once. */
  findBySlug(slug: string): Promise<Workspace | null> {
    return this.uow.repo(Workspace).findOne({ where: { slug } });
  }

  async getBySlug(slug: string): Promise<Workspace> {
    const ws = await this.findBySlug(slug);
    if (!ws) throw notFound('workspace');
    return ws;
  }

  async count(): Promise<number> {
    return this.uow.repo(Workspace).count();
  }

  async create(input: { slug: string; name: string; timezone?: string }): Promise<Workspace> {
    const slug = input.slug.toLowerCase();
    if (!SLUG_RE.test(slug)) throw new DomainError('invalid', 'slug: lower-case letters, digits and dashes, 1-63 characters');
    return this.uow.run(async (m) => {
      if (await m.exists(Workspace, { where: { slug } })) throw new DomainError('conflict', `workspace ${slug} already exists`);
      const ws = m.create(Workspace, {
        slug,
        name: input.name,
        timezone: input.timezone ?? this.config.defaultTimezone,
        app: defaultApp(input.name),
        constants: defaultConstants(),
        currencyRates: defaultRates(),
        license: defaultLicense(input.name),
        ai: false,
      });
      return m.save(ws);
    });
  }

  async setLicense(slug: string, patch: Partial<LicenseSettings>): Promise<Workspace> {
    if (patch.modules) {
      const unknown = patch.modules.filter((m) => !ALL_MODULES.includes(m));
      if (unknown.length) throw new DomainError('invalid', `modules: unknown module(s) ${unknown.join(', ')}; known: ${ALL_MODULES.join(', ')}`);
    }
    return this.uow.run(async (m) => {
      const ws = await m.findOne(Workspace, { where: { slug }, lock: { mode: 'pessimistic_write' } });
      if (!ws) throw notFound('workspace');
      ws.license = { ...ws.license, ...patch };
      await m.update(Workspace, { id: ws.id }, { license: ws.license });
      return ws;
    });
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
