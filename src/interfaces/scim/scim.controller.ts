import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, CurrentAuth, Public } from '../../edge/auth.decorator';
import type { AuthContext } from '../../domain/identity/auth-context';
import { UserDirectoryService } from '../../domain/identity/user-directory.service';
import { parseFilter, toLookup } from './filter';
import { applyPatch } from './patch';
import { listResponse, resourceTypes, schemas, serviceProviderConfig } from './scim.schemas';
import { ScimBase, ScimContentType, scimId, scimPage } from './scim.http';
import { ScimDocumentDto, ScimListResponseDto, ScimPatchBodyDto, ScimUserBodyDto, ScimUserDto } from './scim.dto';
import { fromScimUser, project, toScimUser } from './user.mapper';
import { DomainError } from '../../platform/common/errors';

const SCIM = { kinds: ['scim' as const] };
const notFound = (what: string) => new DomainError('not_found', `${what} not found`);

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
  @ApiOkResponse({ type: ScimDocumentDto, description: 'ServiceProviderConfig: patch and filter (maxResults 200) supported; no bulk, sort, etag or password change' })
  serviceProviderConfig(@ScimBase() base: string) {
    return serviceProviderConfig(base);
  }

  @Get('ResourceTypes')
  @Public()
  @ApiOkResponse({ type: ScimListResponseDto, description: 'ListResponse of the ResourceType User (with the enterprise extension)' })
  resourceTypes(@ScimBase() base: string) {
    const all = resourceTypes(base);
    return listResponse(all, all.length, 1);
  }

  @Get('ResourceTypes/:id')
  @Public()
  @ApiOkResponse({ type: ScimDocumentDto })
  resourceType(@ScimBase() base: string, @Param('id') id: string) {
    const found = resourceTypes(base).find((r) => String(r.id).toLowerCase() === id.toLowerCase());
    if (!found) throw notFound('resource type');
    return found;
  }

  @Get('Schemas')
  @Public()
  @ApiOkResponse({ type: ScimListResponseDto, description: 'ListResponse of the core User and enterprise User schemas' })
  schemas(@ScimBase() base: string) {
    const all = schemas(base);
    return listResponse(all, all.length, 1);
  }

  @Get('Schemas/:id')
  @Public()
  @ApiOkResponse({ type: ScimDocumentDto })
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
  @ApiOkResponse({ type: ScimListResponseDto, description: 'Always empty: groups are not synced' })
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
  @ApiOkResponse({ type: ScimListResponseDto })
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
  @ApiOkResponse({ type: ScimUserDto })
  async get(@CurrentAuth() auth: AuthContext, @ScimBase() base: string, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    const page = scimPage(query);
    return project(toScimUser(await this.directory.get(auth, scimId(id)), base), page.attributes, page.excludedAttributes);
  }

  @Post('Users')
  @Auth(SCIM)
  @ApiBody({ type: ScimUserBodyDto })
  @ApiCreatedResponse({ type: ScimUserDto, description: 'The new user (role sales), with a Location header' })
  async create(@CurrentAuth() auth: AuthContext, @ScimBase() base: string, @Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const user = await this.directory.create(auth, fromScimUser(body, true), base);
    const resource = toScimUser(user, base);
    res.setHeader('Location', (resource.meta as { location: string }).location);
    return resource;
  }

  @Put('Users/:id')
  @Auth(SCIM)
  @ApiBody({ type: ScimUserBodyDto })
  @ApiOkResponse({ type: ScimUserDto, description: 'Replaces the mutable attributes (Okta updates users this way)' })
  async replace(@CurrentAuth() auth: AuthContext, @ScimBase() base: string, @Param('id') id: string, @Body() body: unknown) {
    return toScimUser(await this.directory.modify(auth, scimId(id), (current) => fromScimUser(body, current.active), base), base);
  }

  @Patch('Users/:id')
  @Auth(SCIM)
  @ApiBody({ type: ScimPatchBodyDto })
  @ApiOkResponse({ type: ScimUserDto })
  async patch(@CurrentAuth() auth: AuthContext, @ScimBase() base: string, @Param('id') id: string, @Body() body: unknown) {
    return toScimUser(await this.directory.modify(auth, scimId(id), (current) => fromScimUser(applyPatch(toScimUser(current, base), body), current.active), base), base);
  }

  @Delete('Users/:id')
  @Auth(SCIM)
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The user is deactivated (not deleted): spec 3.6' })
  async remove(@CurrentAuth() auth: AuthContext, @Param('id') id: string): Promise<void> {
    await this.directory.deactivate(auth, scimId(id));
  }
}
