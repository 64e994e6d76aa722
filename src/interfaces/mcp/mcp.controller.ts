import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { CrmRequest } from '../../edge/crm-request';
import { Auth, CurrentAuth, Public } from '../../edge/auth.decorator';
import { ApiDoc } from '../../edge/openapi/api-doc.decorator';
import type { UserContext } from '../../domain/identity/auth-context';
import { McpEndpoint } from './mcp.endpoint';
import { MCP_REQUEST, McpEventStream, McpResponse } from './mcp.schema';

const NOT_ALLOWED = '`-32000` Method not allowed (with `Allow: POST`): no server-sent event stream and no sessions in this stateless server';

/** The MCP endpoint (Streamable HTTP, stateless, on the MCP SDK): OAuth access tokens and API keys with crm.read; write tools need crm.write. */
@ApiTags('OAuth 2.1')
@Controller('mcp')
export class McpController {
  constructor(private readonly mcp: McpEndpoint) {}

  @Post()
  @ApiBody({ schema: MCP_REQUEST })
  @ApiDoc({
    id: 'callMcp',
    summary: 'MCP endpoint (Streamable HTTP, JSON-RPC 2.0)',
    description:
      'The Model Context Protocol server of the CRM: POST one JSON-RPC 2.0 message, or a batch of 1-20, with `Accept: application/json, ' +
      'text/event-stream`. Stateless (no `Mcp-Session-Id`); answers are application/json, except a destructive tool call (delete, archive, bulk) of a client ' +
      'that declared `elicitation` at initialize: it is answered as an event stream carrying `elicitation/create` (the user is asked, even when the call says `confirm: true`) and then the result; ' +
      'a client without elicitation must pass `confirm: true` to such a tool, else the result is the tool error `confirmation_required`. Methods: ' +
      '`initialize`, `ping`, `resources/list` (the newest records the user may see, 25 a page, 50 per kind), `resources/templates/list`, `resources/read` ' +
      '(`crm://companies/{id}`, `crm://people/{id}`, `crm://opportunities/{id}`, `crm://leads/{id}`, `crm://tasks/{id}`; invisible: -32002), `prompts/list`, ' +
      '`prompts/get` (prepare_customer_visit, summarise_pipeline, follow_up_lead), ' +
      "`tools/list`, `tools/call` — tools over the caller's CRM with the caller's visibility and rights (search, read " +
      'a record by its id, the day, tasks, events, and `search` / `fetch` for research clients; with crm.write: log activities, create tasks, ' +
      'leads, companies and calendar entries, update companies and tasks, complete tasks, delete a task, move a stage, tick a step, add notes). Every tools/call, resources/read and prompts/get is in the audit log (`mcp_call`) with the user and the OAuth client. Tools the credential\'s scope or the user\'s modules do not allow are not listed. Every protocol ' +
      'revision of the MCP SDK (2024-10-07 to 2025-11-25) is served, per request: the `initialize` asks for one, later requests name it in ' +
      '`MCP-Protocol-Version` (none: 2025-03-26; an unsupported one: 400); from 2025-06-18 tools carry `outputSchema` and results ' +
      '`structuredContent`. A tool error is a result with `isError: true`. A notification (no `id`) is answered 202 without a body. ' +
      'Credential: an OAuth access token (`mcp_…`, ' +
      'spec 5) or an API key, with crm.read; a 401 carries `WWW-Authenticate: Bearer … resource_metadata=".../.well-known/oauth-protected-resource/mcp"`. ' +
      'A write tool without crm.write fails the whole request with 403 `insufficient_scope` and `WWW-Authenticate: Bearer error="insufficient_scope"`. ' +
      'Errors before the JSON-RPC layer (credential, scope, Origin, rate limit) use the REST error envelope.',
    spec: '4.13',
    ok: [
      { status: 200, schema: McpResponse, description: 'the JSON-RPC response(s)' },
      { status: 200, schema: McpEventStream, contentType: 'text/event-stream', description: 'a destructive tool call of a client that declared elicitation: the question, then the response' },
      { status: 202, description: 'only notifications or responses (an answer to elicitation/create) were sent: no body' },
    ],
    errors: {
      400: 'JSON-RPC `-32700` Parse error (the body is not JSON), `-32600` Invalid Request (not a JSON-RPC message, an empty batch or more than 20), `-32000` an unsupported `MCP-Protocol-Version`, or the REST envelope for a body the edge refuses',
      403: 'REST envelope: `insufficient_scope` (a write tool without crm.write, or a token without crm.read), `forbidden` (an `Origin` of another site) or `module`',
      406: 'JSON-RPC `-32000` Not Acceptable: `Accept` must list application/json and text/event-stream',
    },
  })
  @Auth({ scope: 'crm.read', kinds: ['oauth', 'api'] })
  post(@CurrentAuth() auth: UserContext, @Req() req: CrmRequest, @Res() res: Response): Promise<void> {
    return this.mcp.handle(auth, req, res);
  }

  @Get()
  @ApiDoc({ id: 'openMcpStream', summary: 'MCP event stream (not offered)', description: 'Always 405: this stateless server offers no server-sent event stream.', spec: '4.13', ok: [], errors: { 405: NOT_ALLOWED } })
  @Public()
  stream(@Res() res: Response) {
    notAllowed(res);
  }

  @Delete()
  @ApiDoc({ id: 'endMcpSession', summary: 'End an MCP session (not offered)', description: 'Always 405: this stateless server has no sessions to end.', spec: '4.13', ok: [], errors: { 405: NOT_ALLOWED } })
  @Public()
  endSession(@Res() res: Response) {
    notAllowed(res);
  }
}

/** No server-sent event stream and no sessions in this stateless server. */
function notAllowed(res: Response): void {
  res.status(405).setHeader('Allow', 'POST');
  res.json({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed: POST JSON-RPC messages to /mcp' } });
}
