import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, CurrentAuth, Public } from '../../edge/auth.decorator';
import { ApiDoc, type ApiSuccess } from '../../edge/openapi/api-doc.decorator';
import type { AuthContext } from '../../domain/identity/auth-context';
import { UserDirectoryService } from '../../domain/identity/user-directory.service';
import { parseFilter, toLookup } from './filter';
import { applyPatch } from './patch';
import { listResponse, resourceTypes, schemas, serviceProviderConfig } from './scim.schemas';
import { ScimBase, ScimContentType, scimId, scimPage } from './scim.http';
import { ScimPatchBodyDto, ScimUserBodyDto } from './scim.dto';
import { ScimResourceType, ScimResourceTypeList, ScimSchema, ScimSchemaList, ScimServiceProviderConfig } from './schemas/scim-discovery.schema';
import { ScimGroupList, ScimUser, ScimUserList } from './schemas/scim-user.schema';
import { fromScimUser, project, toScimUser } from './user.mapper';
import { DomainError } from '../../platform/common/errors';

const SCIM = { kinds: ['scim' as const] };
const notFound = (what: string) => new DomainError('not_found', `${what} not found`);
const SCIM_JSON = 'application/scim+json';
const ok = (schema: ApiSuccess['schema'], more: Omit<ApiSuccess, 'schema' | 'contentType'> = {}): ApiSuccess => ({ schema, contentType: SCIM_JSON, ...more });
const UNIQUENESS = 'SCIM error, status "409", scimType `uniqueness`: another user already has this userName or e-mail address (letter case ignored)';
const LAST_ADMIN = 'SCIM error, status "409" (no scimType): deactivating the last active admin of the workspace is refused';
const SEAT = 'SCIM error, status "403": activating the user needs a free licence seat (also: the SCIM key is not allowed here)';
const BAD_USER = 'SCIM error, status "400", scimType `invalidSyntax` (not a User object) or `invalidValue` (a bad attribute: `detail` names it)';
/** The public discovery documents: no key, but the workspace (Host) must exist and the address limit applies. */
const DISCOVERY_ERRORS = {
  404: 'SCIM error, status "404": no workspace at this host (for `{id}`: no such resource type or schema)',
  429: 'SCIM error, status "429": too many requests from this address; wait `Retry-After` seconds',
};
const USER_NOT_FOUND = 'SCIM error, status "404": no user with this id in the workspace';

/**
 * SCIM 2.0 (spec 4.11, RFC 7643/7644) at /api/scim/v2 with the workspace's SCIM key: Users (Okta and
 * Microsoft Entra shapes), an empty Groups list, and the discovery documents (public). Responses are
 * application/scim+json; errors use the SCIM error schema (src/edge/error-mapping.ts).
 */
@ApiTags('SCIM 2.0')
@ApiConsumes('application/scim+json', 'application/json')
@ApiProduces('application/scim+json')
@UseInterceptors(ScimContentType)
@Controller('api/scim/v2')
export class ScimController {
  constructor(private readonly directory: UserDirectoryService) {}

  @Get('ServiceProviderConfig')
  @Public()
  @ApiDoc({
    id: 'getScimServiceProviderConfig',
    summary: 'SCIM service provider configuration',
    description: 'What this SCIM service supports: PATCH and filters (at most 200 results); no bulk, sort, ETags or password change; the SCIM key as bearer token. Public (no key).',
    spec: '4.11',
    ok: ok(ScimServiceProviderConfig),
    errors: DISCOVERY_ERRORS,
  })
  serviceProviderConfig(@ScimBase() base: string) {
    return serviceProviderConfig(base);
  }

  @Get('ResourceTypes')
  @Public()
  @ApiDoc({
    id: 'listScimResourceTypes',
    summary: 'SCIM resource types',
    description: 'A ListResponse with the one resource type served, User (with the enterprise extension). Public (no key).',
    spec: '4.11',
    ok: ok(ScimResourceTypeList),
    errors: DISCOVERY_ERRORS,
  })
  resourceTypes(@ScimBase() base: string) {
    const all = resourceTypes(base);
    return listResponse(all, all.length, 1);
  }

  @Get('ResourceTypes/:id')
  @Public()
  @ApiDoc({
    id: 'getScimResourceType',
    summary: 'A SCIM resource type',
    description: '`{id}` is `User` (letter case ignored); anything else is 404. Public (no key).',
    spec: '4.11',
    ok: ok(ScimResourceType),
    errors: DISCOVERY_ERRORS,
  })
  resourceType(@ScimBase() base: string, @Param('id') id: string) {
    const found = resourceTypes(base).find((r) => String(r.id).toLowerCase() === id.toLowerCase());
    if (!found) throw notFound('resource type');
    return found;
  }

  @Get('Schemas')
  @Public()
  @ApiDoc({
    id: 'listScimSchemas',
    summary: 'SCIM schemas',
    description: 'A ListResponse of the core User schema and the enterprise User extension, with the attributes the CRM keeps. Public (no key).',
    spec: '4.11',
    ok: ok(ScimSchemaList),
    errors: DISCOVERY_ERRORS,
  })
  schemas(@ScimBase() base: string) {
    const all = schemas(base);
    return listResponse(all, all.length, 1);
  }

  @Get('Schemas/:id')
  @Public()
  @ApiDoc({
    id: 'getScimSchema',
    summary: 'A SCIM schema',
    description: '`{id}` is a schema URN (the core User or the enterprise User extension, letter case ignored); anything else is 404. Public (no key).',
    spec: '4.11',
    ok: ok(ScimSchema),
    errors: DISCOVERY_ERRORS,
  })
  schema(@ScimBase() base: string, @Param('id') id: string) {
    const found = schemas(base).find((s) => String(s.id).toLowerCase() === id.toLowerCase());
    if (!found) throw notFound('schema');
    return found;
  }

  @Get('Groups')
  @Auth(SCIM)
  @ApiQuery({ name: 'filter', required: false, type: String })
  @ApiQuery({ name: 'startIndex', required: false, type: Number })
  @ApiQuery({ name: 'count', required: false, type: Number })
  @ApiDoc({
    id: 'listScimGroups',
    summary: 'SCIM groups (always empty)',
    description: 'Groups are not synced: always an empty ListResponse (identity providers probe this). `filter` is ignored; `startIndex` is echoed.',
    spec: '4.11',
    ok: ok(ScimGroupList),
    errors: { 400: 'SCIM error, status "400", scimType `invalidValue`: `startIndex` or `count` is not an integer, or a parameter is given twice' },
  })
  groups(@Query() query: Record<string, unknown>) {
    return listResponse([], 0, scimPage(query).startIndex);
  }

  @Get('Users')
  @Auth(SCIM)
  @ApiQuery({ name: 'filter', required: false, type: String, description: 'userName eq "…", id eq "…", externalId eq "…" or emails[type eq "work"].value eq "…"' })
  @ApiQuery({ name: 'startIndex', required: false, type: Number, description: 'from 1' })
  @ApiQuery({ name: 'count', required: false, type: Number, description: 'page size, at most 200; 0 returns only totalResults' })
  @ApiQuery({ name: 'attributes', required: false, type: String })
  @ApiQuery({ name: 'excludedAttributes', required: false, type: String })
  @ApiDoc({
    id: 'listScimUsers',
    summary: 'List or find SCIM users',
    description:
      'A ListResponse of the users of the workspace (active and inactive), in id order. `filter`: `userName eq "…"`, `id eq "…"`, `externalId eq "…"` ' +
      'or `emails[type eq "work"].value eq "…"` (values compared ignoring letter case, except externalId). `startIndex` from 1 (less counts as 1), ' +
      '`count` at most 200 (default 100; 0 returns only `totalResults`). `attributes` / `excludedAttributes` select what each resource holds ' +
      '(`schemas` and `id` always).',
    spec: '4.11',
    ok: ok(ScimUserList),
    errors: { 400: 'SCIM error, status "400", scimType `invalidFilter` (a filter that is not supported), `invalidValue` (a bad `startIndex`, `count` or attribute path) or `invalidPath`' },
  })
  async list(@CurrentAuth() auth: AuthContext, @ScimBase() base: string, @Query() query: Record<string, unknown>) {
    const page = scimPage(query);
    const lookup = page.filter === undefined ? null : toLookup(parseFilter(page.filter));
    const r = await this.directory.list(auth, lookup, page.startIndex - 1, page.count);
    return listResponse(
      r.users.map((u) => project(toScimUser(u, base), page.attributes, page.excludedAttributes)),
      r.total,
      page.startIndex,
    );
  }

  @Get('Users/:id')
  @Auth(SCIM)
  @ApiQuery({ name: 'attributes', required: false, type: String })
  @ApiQuery({ name: 'excludedAttributes', required: false, type: String })
  @ApiDoc({
    id: 'getScimUser',
    summary: 'Get a SCIM user',
    description: 'One user by its SCIM `id` (the CRM user id as a string); `attributes` / `excludedAttributes` select what it holds.',
    spec: '4.11',
    ok: ok(ScimUser),
    errors: { 400: 'SCIM error, status "400", scimType `invalidValue`: a bad attribute path in `attributes` or `excludedAttributes`', 404: USER_NOT_FOUND },
  })
  async get(@CurrentAuth() auth: AuthContext, @ScimBase() base: string, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    const page = scimPage(query);
    return project(toScimUser(await this.directory.get(auth, scimId(id)), base), page.attributes, page.excludedAttributes);
  }

  @Post('Users')
  @Auth(SCIM)
  @ApiBody({ type: ScimUserBodyDto })
  @ApiDoc({
    id: 'createScimUser',
    summary: 'Create (provision) a user',
    description:
      'Creates a user with role sales (spec 3.6): active unless `active` is false, and a password-setup invitation is e-mailed. Attributes are ' +
      'read ignoring letter case (Okta and Microsoft Entra shapes; `active` also as "True"/"False"); those the CRM does not keep (password, ' +
      'groups, roles, title, addresses) are ignored. The e-mail is the primary (else work, else first) of `emails`, else `userName`. The ' +
      "department (enterprise extension) makes the user's team. Roles and module permissions are set in the CRM, never by SCIM.",
    spec: '4.11',
    ok: ok(ScimUser, { status: 201, description: 'the new user', headers: { Location: 'the URL of the new user' } }),
    errors: { 400: BAD_USER, 403: SEAT, 409: UNIQUENESS },
  })
  async create(@CurrentAuth() auth: AuthContext, @ScimBase() base: string, @Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const user = await this.directory.create(auth, fromScimUser(body, true));
    const resource = toScimUser(user, base);
    res.setHeader('Location', (resource.meta as { location: string }).location);
    return resource;
  }

  @Put('Users/:id')
  @Auth(SCIM)
  @ApiBody({ type: ScimUserBodyDto })
  @ApiDoc({
    id: 'replaceScimUser',
    summary: 'Replace a user',
    description:
      'Replaces the attributes the CRM keeps (Okta updates users this way): one that is left out is cleared, except `active`, which keeps its ' +
      'value. `active: false` deactivates (every session, API key and OAuth token revoked; records remain), `active: true` reactivates. Name, ' +
      'e-mail, department and phone changes update the user.',
    spec: '4.11',
    ok: ok(ScimUser),
    errors: { 400: BAD_USER, 403: SEAT, 404: USER_NOT_FOUND, 409: `${UNIQUENESS}; or ${LAST_ADMIN}` },
  })
  async replace(@CurrentAuth() auth: AuthContext, @ScimBase() base: string, @Param('id') id: string, @Body() body: unknown) {
    return toScimUser(await this.directory.modify(auth, scimId(id), (current) => fromScimUser(body, current.active)), base);
  }

  @Patch('Users/:id')
  @Auth(SCIM)
  @ApiBody({ type: ScimPatchBodyDto })
  @ApiDoc({
    id: 'patchScimUser',
    summary: 'Update a user with PATCH operations',
    description:
      'RFC 7644 3.5.2 as Okta and Microsoft Entra send it: `op` `add`, `replace` or `remove` in any letter case; `path` with value filters ' +
      '(`emails[type eq "work"].value`) or no path with an object of attributes (`name.givenName`, the enterprise URN as a key or prefix); at ' +
      'most 1000 operations. The result is applied like a PUT. `active: false` deactivates the user (spec 3.6), `active: true` reactivates it.',
    spec: '4.11',
    ok: ok(ScimUser),
    errors: {
      400: 'SCIM error, status "400", scimType `invalidSyntax`, `invalidPath`, `noTarget`, `mutability` (id, meta, schemas are read-only) or `invalidValue`',
      403: SEAT,
      404: USER_NOT_FOUND,
      409: `${UNIQUENESS}; or ${LAST_ADMIN}`,
    },
  })
  async patch(@CurrentAuth() auth: AuthContext, @ScimBase() base: string, @Param('id') id: string, @Body() body: unknown) {
    return toScimUser(await this.directory.modify(auth, scimId(id), (current) => fromScimUser(applyPatch(toScimUser(current, base), body), current.active)), base);
  }

  @Delete('Users/:id')
  @Auth(SCIM)
  @HttpCode(204)
  @ApiDoc({
    id: 'deactivateScimUser',
    summary: 'Deactivate a user (DELETE)',
    description:
      'Deactivates the user, it is NOT deleted (spec 3.6): it cannot sign in, every session, API key and OAuth token is revoked, and its records ' +
      'remain. PATCH `active: true` reactivates it.',
    spec: '4.11',
    ok: { status: 204, description: 'deactivated' },
    errors: { 404: USER_NOT_FOUND, 409: LAST_ADMIN },
  })
  async deactivate(@CurrentAuth() auth: AuthContext, @Param('id') id: string): Promise<void> {
    await this.directory.deactivate(auth, scimId(id));
  }
}
