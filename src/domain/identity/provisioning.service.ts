import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { Workspace } from '../workspace/workspace.entity';
import { WorkspaceService } from '../workspace/workspace.service';
import { CredentialsService } from './credentials.service';
import { User } from './user.entity';
import { UsersService } from './users.service';

export interface ProvisionInput {
  slug: string;
  name: string;
  adminEmail: string;
  adminPassword: string;
  adminName?: string;
  timezone?: string;
}

/** A new workspace with its first admin and an API key, in one transaction. */
@Injectable()
export class ProvisioningService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly workspaces: WorkspaceService,
    private readonly users: UsersService,
    private readonly credentials: CredentialsService,
  ) {}

  provision(input: ProvisionInput): Promise<{ workspace: Workspace; admin: User; apiKey: string }> {
    return this.uow.run(async () => {
      const workspace = await this.workspaces.create({ slug: input.slug, name: input.name, timezone: input.timezone });
      const admin = await this.users.create(workspace, { email: input.adminEmail, password: input.adminPassword, role: 'admin', fullName: input.adminName, department: 'Management' });
      const { token } = await this.credentials.issue({ workspaceId: workspace.id, kind: 'api', userId: admin.id, name: 'initial admin key' });
      return { workspace, admin, apiKey: token };
    });
  }
}
