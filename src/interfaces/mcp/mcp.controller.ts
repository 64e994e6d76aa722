import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { CrmRequest } from '../../edge/crm-request';
import { Auth, CurrentAuth, Public } from '../../edge/auth.decorator';
import type { UserContext } from '../../domain/identity/auth-context';
import { McpEndpoint } from './mcp.endpoint';

/** The MCP endpoint (Streamable HTTP, stateless, on the MCP SDK): OAuth access tokens and API keys with crm.read; write tools need crm.write. */
@ApiExcludeController()
@Controller('mcp')
export class McpController {
  constructor(private readonly mcp: McpEndpoint) {}

  @Post()
  @Auth({ scope: 'crm.read', kinds: ['oauth', 'api'] })
  post(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest, @Res() res: Response): Promise<void> {
    return this.mcp.handle(auth, req, res);
  }

  /** No server-sent event stream and no sessions in this stateless server. */
  @Get()
  @Delete()
  @Public()
  notAllowed(@Res() res: Response) {
    res.status(405).setHeader('Allow', 'POST');
    res.json({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed: POST JSON-RPC messages to /mcp' } });
  }
}
