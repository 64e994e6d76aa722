import { z } from 'zod';
import { f, named } from '../../../edge/openapi/schema';
import { ALL_PERMISSIONS } from '../../../domain/workspace/defaults';

const permission = z.enum(ALL_PERMISSIONS as [string, ...string[]]);

/** An active user and the permissions the user holds (docs/decisions/import.md, "Who may"). */
export const UserPermissions = named(
  'UserPermissions',
  z.object({
    id: f.id(),
    username: z.string(),
    name: z.string(),
    role: z.string().meta({ description: "the user's role; an admin holds every permission whatever is granted" }),
    permissions: z.array(permission).meta({ description: 'the permissions the user holds (all of them for an admin)' }),
  }),
  { description: 'A user and the permissions the user holds.', example: { id: 7, username: 'ayse', name: 'Ayşe Yılmaz', role: 'sales', permissions: ['import'] } },
);

/** GET /api/v1/permissions. */
export const UserPermissionsList = named(
  'UserPermissionsList',
  z.object({
    ok: f.ok(),
    permissions: z.array(permission).meta({ description: 'the permissions an admin may grant' }),
    items: z.array(UserPermissions).meta({ description: 'the active users, by name' }),
  }),
  { description: 'The active users and their permissions.' },
);

/** PUT and DELETE /api/v1/users/{id}/permissions/{permission}. */
export const UserPermissionsChanged = named('UserPermissionsChanged', z.object({ ok: f.ok(), user: UserPermissions }), { description: 'The permission is granted or withdrawn.' });
