import { Injectable } from '@nestjs/common';
import { Workspace } from '../workspace/workspace.entity';
import { LicenseView, WorkspaceService } from '../workspace/workspace.service';
import { UserContext } from './auth-context';
import { User } from './user.entity';

/** What identity knows about the caller for `GET /me` and the login response (the interface adds the rest). */
export interface Profile {
  user: User;
  modules: string[];
  workspace: Workspace;
  license: LicenseView;
}

/** The caller and the workspace as `GET /me` and the login response describe them; no queries. */
@Injectable()
export class ProfileService {
  constructor(private readonly workspaces: WorkspaceService) {}

  of(auth: UserContext): Profile {
    return { user: auth.user, modules: auth.modules, workspace: auth.workspace, license: this.workspaces.licenseView(auth.workspace) };
  }

  forLogin(ws: Workspace, user: User): Profile {
    const licensed = this.workspaces.licensedModules(ws);
    return { user, modules: licensed.filter((m) => user.modules.includes(m)), workspace: ws, license: this.workspaces.licenseView(ws) };
  }
}
