import type { Request } from 'express';
import type { Workspace } from '../../workspace/workspace.entity';
import type { AuthContext } from '../../identity/auth/auth-context';

export interface CrmRequest extends Request {
  id: string;
  workspace?: Workspace;
  auth?: AuthContext;
}
