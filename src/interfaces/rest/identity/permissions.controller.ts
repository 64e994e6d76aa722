import { Controller, Delete, Get, Param, Put } from '@nestjs/common';
import type { z } from 'zod';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { UserContext } from '../../../domain/identity/auth-context';
import type { User } from '../../../domain/identity/user.entity';
import { UsersService } from '../../../domain/identity/users.service';
import { ALL_PERMISSIONS } from '../../../domain/workspace/defaults';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import { IdPipe } from '../../../edge/id.pipe';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { UserPermissions, UserPermissionsChanged, UserPermissionsList } from './permission.schema';

const WHO = 'Admins only (403 `forbidden`); first-party credentials only.';
const PARAM = { name: 'permission', enum: ALL_PERMISSIONS, description: 'the permission (`import`: import jobs, /api/v1/imports)' };
const CHANGE_ERRORS = { 400: '`invalid`: not a permission (field `permission`)' };

function toUserPermissions(user: User, permissions: string[]): z.output<typeof UserPermissions> {
  return { id: user.id, username: user.username, name: user.fullName, role: user.role, permissions };
}

/**
 * Permissions beside modules (`import`), granted per user by admins: the same service call as the admin
 * CLI's `user:permission` and the Users page, audited, and the auth caches told (docs/decisions/import.md).
 */
@ApiTags('Import & export')
@Controller('api/v1')
export class PermissionsController {
  constructor(private readonly users: UsersService) {}

  @Get('permissions')
  @ApiDoc({ id: 'listPermissions', summary: 'List the users and their permissions', description: `The active users by name, each with the permissions held. ${WHO}`, ok: UserPermissionsList })
  @Auth({ scope: 'crm.read', firstParty: true })
  async list(@CurrentAuth() auth: UserContext): Promise<z.output<typeof UserPermissionsList>> {
    const items = (await this.users.permissions(auth)).map((x) => toUserPermissions(x.user, x.permissions));
    return { ok: true, permissions: [...ALL_PERMISSIONS], items };
  }

  @Put('users/:id/permissions/:permission')
  @ApiParam(PARAM)
  @ApiDoc({
    id: 'grantPermission',
    summary: 'Grant a user a permission',
    description: `Grants the permission (granting it again changes nothing); audited as \`permission_granted\`, effective from the user's next request. ${WHO}`,
    ok: UserPermissionsChanged,
    errors: CHANGE_ERRORS,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  grant(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Param('permission') permission: string) {
    return this.change(auth, id, permission, true);
  }

  @Delete('users/:id/permissions/:permission')
  @ApiParam(PARAM)
  @ApiDoc({
    id: 'withdrawPermission',
    summary: "Withdraw a user's permission",
    description: `Withdraws the permission (an admin keeps every permission through the role); audited as \`permission_withdrawn\`, effective from the user's next request. ${WHO}`,
    ok: UserPermissionsChanged,
    errors: CHANGE_ERRORS,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  withdraw(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Param('permission') permission: string) {
    return this.change(auth, id, permission, false);
  }

  private async change(auth: UserContext, id: number, permission: string, on: boolean): Promise<z.output<typeof UserPermissionsChanged>> {
    const user = await this.users.changePermission(auth, id, permission, on);
    const held = user.role === 'admin' ? [...ALL_PERMISSIONS] : ALL_PERMISSIONS.filter((p) => user.modules.includes(p));
    return { ok: true, user: toUserPermissions(user, held) };
  }
}
