import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { hashPassword, randomPassword } from '../identity/password';
import { ProvisioningService } from '../identity/provisioning.service';
import { User } from '../identity/user.entity';
import { WorkspaceService } from '../workspace/workspace.service';
import { DemoSeedService } from './demo-seed.service';

export interface DemoCredentials {
  workspace: string;
  username: string;
  password: string;
  /** Only on the start that created the demo (keys are stored hashed; later starts print none). */
  apiKey?: string;
}

/** The demo admin's user name in the demo workspace `slug`. */
export const demoAdminName = (slug: string): string => `admin@${slug}.local`;

/**
 * The demo workspace with sample data, its admin and an API key, on the first start with an empty
 * database; and on every later start while the demo admin has never signed in, a new password (the
 * banner with the first one may be lost: the port was taken, the output scrolled away; passwords are
 * stored hashed, so it cannot be shown again, only replaced).
 */
@Injectable()
export class DemoBootstrap {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    private readonly provisioning: ProvisioningService,
    private readonly seeder: DemoSeedService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether the database holds no workspace yet (first start without the demo: main.ts says how to create one). */
  async isEmpty(): Promise<boolean> {
    return (await this.workspaces.count()) === 0;
  }

  /**
   * The demo sign-in to print on this start, or null. Off by default when NODE_ENV=production (SEED_DEMO):
   * a production database never gets a demo admin.
   */
  async ensureDemo(): Promise<DemoCredentials | null> {
    if (!this.config.seedDemo) return null;
    if (await this.isEmpty()) return this.create();
    return this.renewUnusedPassword();
  }

  private async create(): Promise<DemoCredentials> {
    const slug = this.config.defaultWorkspace;
    const password = randomPassword();
    const username = demoAdminName(slug);
    const { workspace, apiKey } = await this.provisioning.provision({ slug, name: 'Demo Plastics Ltd.', adminEmail: username, adminPassword: password, adminName: 'Demo Admin' });
    await this.seeder.seed(workspace);
    return { workspace: slug, username, password, apiKey };
  }

  /** A new password for the demo admin while it has never signed in (REST, settings or OAuth sign-in). */
  private async renewUnusedPassword(): Promise<DemoCredentials | null> {
    const slug = this.config.defaultWorkspace;
    const ws = await this.workspaces.findBySlug(slug);
    if (!ws) return null;
    const username = demoAdminName(slug);
    const db = this.uow.tenant(ws.id);
    const admin = await db.findOne(User, { where: { username } });
    if (!admin || !admin.active || admin.lastLoginAt) return null;
    const password = randomPassword();
    const passwordHash = await hashPassword(password);
    await this.uow.run(async () => {
      await db.update(User, { id: admin.id }, { passwordHash, weakPassword: false });
      await this.uow.audit({ workspaceId: ws.id, action: 'demo_password_renewed', userId: admin.id, subject: username });
    });
    return { workspace: slug, username, password };
  }
}
