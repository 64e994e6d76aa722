import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { baseUrlOf } from '../common/http/base-url';
import type { CrmRequest } from '../common/http/crm-request';
import { Auth, CurrentAuth, Public } from '../identity/auth/auth.decorator';
import type { UserContext } from '../identity/auth/auth-context';
import { McpServer } from './mcp.server';

/** The MCP endpoint (Streamable HTTP, stateless): OAuth access tokens (and API keys) with crm.read; write tools need crm.write. */
@ApiExcludeController()
@Controller('mcp')
export class McpController {
  constructor(private readonly mcp: McpServer) {}

  @Post()
  @Auth({ scope: 'crm.read', kinds: ['oauth', 'api'] })
  async post(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest, @Res() res: Response) {
    const header = req.headers['mcp-protocol-version'];
    const r = await this.mcp.handle(auth, req.body, { protocolVersion: typeof header === 'string' ? header : undefined, origin: req.headers.origin, baseUrl: baseUrlOf(req) });
    if (r.body === undefined) res.status(r.status).end();
    else res.status(r.status).json(r.body);
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
