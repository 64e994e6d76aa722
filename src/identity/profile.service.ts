import { Injectable } from '@nestjs/common';
import { Product } from '../crm/products/product.entity';
import { ProductsService } from '../crm/products/products.service';
import { Workspace } from '../workspace/workspace.entity';
import { LicenseView, WorkspaceService } from '../workspace/workspace.service';
import { UserContext } from './auth/auth-context';
import { User } from './user.entity';
import { UsersService } from './users.service';

export interface Profile {
  user: User;
  modules: string[];
  users: User[];
  workspace: Workspace;
  license: LicenseView;
  products: Product[];
}

/** Everything `GET /me` and the login response describe about the caller and the workspace. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly users: UsersService,
    private readonly workspaces: WorkspaceService,
    private readonly products: ProductsService,
  ) {}

  async me(auth: UserContext): Promise<Profile> {
    const [users, products] = await Promise.all([this.users.listActive(auth.workspace.id), this.products.listActive(auth.workspace.id)]);
    return { user: auth.user, modules: auth.modules, users, workspace: auth.workspace, license: this.workspaces.licenseView(auth.workspace), products };
  }

  forLogin(ws: Workspace, user: User): Pick<Profile, 'user' | 'modules' | 'workspace' | 'license'> {
    const licensed = this.workspaces.licensedModules(ws);
    return { user, modules: licensed.filter((m) => user.modules.includes(m)), workspace: ws, license: this.workspaces.licenseView(ws) };
  }
}
