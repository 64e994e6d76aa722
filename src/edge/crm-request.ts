import type { Request } from 'express';
import type { Workspace } from '../domain/workspace/workspace.entity';
import type { AuthContext } from '../domain/identity/auth-context';

export interface CrmRequest extends Request {
  id: string;
  workspace?: Workspace;
  auth?: AuthContext;
}
