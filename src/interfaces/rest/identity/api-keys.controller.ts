import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { IdPipe } from '../../../edge/id.pipe';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import type { Credential } from '../../../domain/identity/credential.entity';
import { MAX_API_KEYS, UserCredentialsService } from '../../../domain/identity/user-credentials.service';
import { formatTimestamp } from '../../../platform/common/time';
import { CreateApiKeyDto } from './api-keys.dto';
import { OkResponse } from '../shared/common.schema';
import { ApiKeyCreated, ApiKeyItem, ApiKeyList, OtherSessionsRevoked } from './api-key.schema';

const FIRST_PARTY = 'First party only: a session or an API key (an OAuth token gets 403 `insufficient_scope`).';

const toApiKey = (c: Credential, tz: string): z.output<typeof ApiKeyItem> => ({ id: c.id, name: c.name, prefix: c.prefix, created_at: formatTimestamp(c.createdAt, tz), last_used_at: formatTimestamp(c.lastUsedAt, tz) });

/**
 * The caller's own credentials beyond the session list (AuthController): API keys (the Developers page of the
 * app) and "sign out every other session" (its Sessions page). Every call is scoped to the workspace and the caller
 * (UserCredentialsService): another user's key is 404.
 */
@ApiTags('Authentication')
@Controller('api/v1')
export class ApiKeysController {
  constructor(private readonly own: UserCredentialsService) {}

  @Get('api-keys')
  @ApiDoc({
    id: 'listApiKeys',
    summary: "List the caller's API keys",
    description: `The caller's live API keys (\`sk_…\`), newest first: name, first characters, created and last used; never the secret. ${FIRST_PARTY}`,
    spec: '5',
    ok: ApiKeyList,
  })
  @Auth({ scope: 'crm.read', firstParty: true })
  async list(@CurrentAuth() auth: UserContext): Promise<z.output<typeof ApiKeyList>> {
    const tz = auth.workspace.timezone;
    return { ok: true, items: (await this.own.apiKeys(auth)).map((c) => toApiKey(c, tz)), max: MAX_API_KEYS };
  }

  @Post('api-keys')
  @ApiDoc({
    id: 'createApiKey',
    summary: 'Create an API key',
    description:
      'A new API key of the caller: it acts as the caller with crm.read and crm.write (`Authorization: Bearer sk_…` on /api/v1). The key is in this ' +
      `answer only (the service keeps its SHA-256). A name of 1-100 characters is required; at most ${MAX_API_KEYS} live keys per user (400 \`invalid\` beyond). ${FIRST_PARTY}`,
    spec: '5',
    ok: ApiKeyCreated,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateApiKeyDto): Promise<z.output<typeof ApiKeyCreated>> {
    const { token, credential } = await this.own.createApiKey(auth, dto.name);
    return { ok: true, key: toApiKey(credential, auth.workspace.timezone), token };
  }

  @Delete('api-keys/:id')
  @ApiDoc({
    id: 'revokeApiKey',
    summary: 'Revoke one of the caller\'s API keys',
    description: `The key stops working at once (the next request with it is 401). Another user's key, or a revoked one, is 404 \`not_found\`. ${FIRST_PARTY}`,
    spec: '5',
    ok: OkResponse,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async revoke(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.own.revokeApiKey(auth, id);
    return { ok: true as const };
  }

  @Post('sessions/others/revoke')
  @HttpCode(200)
  @ApiDoc({
    id: 'revokeOtherSessions',
    summary: 'Sign out every other session of the caller',
    description: `Revokes every live session of the caller but the one of this request (with an API key: every session). Answers how many. ${FIRST_PARTY}`,
    spec: '4.1',
    ok: OtherSessionsRevoked,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async revokeOthers(@CurrentAuth() auth: UserContext): Promise<z.output<typeof OtherSessionsRevoked>> {
    return { ok: true, revoked: await this.own.signOutOtherSessions(auth) };
  }
}
