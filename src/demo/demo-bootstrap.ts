import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { randomPassword } from '../identity/password';
import { ProvisioningService } from '../identity/provisioning.service';
import { WorkspaceService } from '../workspace/workspace.service';
import { DemoSeedService } from './demo-seed.service';

export interface DemoCredentials {
  workspace: string;
  username: string;
  password: string;
  apiKey: string;
}

/** First start with an empty database: the demo workspace with sample data, its admin and an API key. */
@Injectable()
export class DemoBootstrap {
  constructor(
    private readonly workspaces: WorkspaceService,
    private readonly provisioning: ProvisioningService,
    private readonly seeder: DemoSeedService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether the database holds no workspace yet (first start without the demo: main.ts says how to create one). */
  async isEmpty(): Promise<boolean> {
    return (await this.workspaces.count()) === 0;
  }

  /** Off by default when NODE_ENV=production (SEED_DEMO): a production database never gets a demo admin. */
  async ensureDemo(): Promise<DemoCredentials | null> {
    if (!this.config.seedDemo || (await this.workspaces.count()) > 0) return null;
    const slug = this.config.defaultWorkspace;
    const password = randomPassword();
    const username = `admin@${slug}.local`;
    const { workspace, apiKey } = await this.provisioning.provision({ slug, name: 'Demo Plastics Ltd.', adminEmail: username, adminPassword: password, adminName: 'Demo Admin' });
    await this.seeder.seed(workspace);
    return { workspace: slug, username, password, apiKey };
  }
}
