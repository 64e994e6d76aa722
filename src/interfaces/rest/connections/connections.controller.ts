import { Controller, Get, Param, Post } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { IdPipe } from '../../../edge/id.pipe';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CONNECTION_CONSOLE_KINDS, ConnectionsService, ConsoleKind } from '../../../domain/crm/connections';
import { ConsoleKindPipe } from './connections.dto';
import { ConsoleConnectionList, ConsoleConnectionRevoked, ConsoleConnectionRotated } from './connections.schema';
import { toConsoleConnection } from './connections.mapper';

const KIND_PARAM = { name: 'kind', enum: CONNECTION_CONSOLE_KINDS, description: 'the kind of connection, as listed' };
const FIRST_PARTY = 'First-party credentials only (a session or an API key; an OAuth token gets 403 `insufficient_scope`).';

/** The connections console: every connection of the workspace with its health, revoke and rotate. */
@ApiTags('Connections')
@Controller('api/v1/connections')
export class ConnectionsController {
  constructor(private readonly connections: ConnectionsService) {}

  @Get()
  @ApiDoc({
    id: 'listConnections',
    summary: 'Every connection with its health',
    description:
      'Every OAuth grant (MCP clients and other apps), API key, ERP and SCIM key, webhook and chat connection of the workspace: owner, created, ' +
      'last used, requests and errors over the last 24 hours, scopes and state. Admins see all; other users their own grants and API keys. ' +
      'Counts are kept in memory per instance and written every USAGE_FLUSH_MS (30 s); revoked keys stay listed for 24 hours. ' + FIRST_PARTY,
    spec: '5',
    ok: ConsoleConnectionList,
  })
  @Auth({ scope: 'crm.read', firstParty: true })
  async list(@CurrentAuth() auth: UserContext): Promise<z.output<typeof ConsoleConnectionList>> {
    return { ok: true, items: (await this.connections.list(auth)).map((c) => toConsoleConnection(c, auth.workspace)) };
  }

  @Post(':kind/:id/revoke')
  @ApiParam(KIND_PARAM)
  @ApiDoc({
    id: 'revokeConnection',
    summary: 'Revoke a connection',
    description:
      'Stops a connection at once on every instance: a grant loses every token (the app must ask for consent again), a key is revoked, a webhook ' +
      'or chat connection is paused (resume it under Apps). Users revoke their own grants and API keys; admins any. 404 for one the caller ' +
      'cannot see. ' + FIRST_PARTY,
    spec: '5',
    ok: ConsoleConnectionRevoked,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async revoke(@CurrentAuth() auth: UserContext, @Param('kind', ConsoleKindPipe) kind: ConsoleKind, @Param('id', IdPipe) id: number): Promise<z.output<typeof ConsoleConnectionRevoked>> {
    return { ok: true, connection: toConsoleConnection(await this.connections.revoke(auth, kind, id), auth.workspace) };
  }

  @Post(':kind/:id/rotate')
  @ApiParam(KIND_PARAM)
  @ApiDoc({
    id: 'rotateConnection',
    summary: 'Rotate a key',
    description:
      'A new ERP or SCIM key (every earlier key of that kind is revoked) or a new webhook signing key; the secret is in this answer only. ' +
      'Admins only (403 `forbidden`); 404 for a kind without rotation (API keys, grants, chat). ' + FIRST_PARTY,
    spec: '5',
    ok: ConsoleConnectionRotated,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async rotate(@CurrentAuth() auth: UserContext, @Param('kind', ConsoleKindPipe) kind: ConsoleKind, @Param('id', IdPipe) id: number): Promise<z.output<typeof ConsoleConnectionRotated>> {
    return { ok: true, ...(await this.connections.rotate(auth, kind, id)) };
  }
}
