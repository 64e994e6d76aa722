import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DomainError } from '../common/errors';
import type { UserContext } from '../identity/auth/auth-context';
import { checkArgs, inputSchema, McpTools } from './mcp.tools';

export const MCP_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const LATEST = '2025-06-18';

interface RpcMessage {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

export interface McpReply {
  status: number;
  body?: unknown;
}

const rpcError = (id: unknown, code: number, message: string) => ({ jsonrpc: '2.0', id: id ?? null, error: { code, message } });

/**
 * The MCP endpoint's protocol (Streamable HTTP, stateless, JSON responses; no SSE stream, no session):
 * initialize, ping, tools/list and tools/call, one JSON-RPC message (or a batch) per POST. Write tools
 * need crm.write: without it the whole request is 403 insufficient_scope (with the WWW-Authenticate
 * challenge), as the MCP authorization spec asks for step-up.
 */
@Injectable()
export class McpServer {
  constructor(
    private readonly tools: McpTools,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(auth: UserContext, body: unknown, headers: { protocolVersion?: string; origin?: string; baseUrl: string }): Promise<McpReply> {
    if (headers.origin && headers.origin !== new URL(headers.baseUrl).origin) throw new DomainError('forbidden', 'Origin not allowed on the MCP endpoint');
    if (headers.protocolVersion && !MCP_VERSIONS.includes(headers.protocolVersion)) {
      return { status: 400, body: rpcError(null, -32600, `unsupported MCP-Protocol-Version ${headers.protocolVersion.slice(0, 40)}`) };
    }
    const batch = Array.isArray(body);
    const messages = (batch ? body : [body]) as unknown[];
    if (!messages.length || messages.length > 20) return { status: 400, body: rpcError(null, -32600, 'a batch holds 1-20 messages') };
    // step-up before any work: a write tool without crm.write refuses the request as a whole
    for (const m of messages) {
      const msg = m as RpcMessage;
      if (msg && msg.method === 'tools/call') {
        const tool = this.tools.byName((msg.params as { name?: unknown } | undefined)?.name);
        if (tool?.write && !auth.credential.scopes.includes('crm.write')) throw new DomainError('insufficient_scope', `the ${tool.name} tool needs the crm.write scope`);
      }
    }
    const replies: unknown[] = [];
    for (const m of messages) {
      const r = await this.one(auth, m);
      if (r !== undefined) replies.push(r);
    }
    if (!replies.length) return { status: 202 };
    return { status: 200, body: batch ? replies : replies[0] };
  }

  private async one(auth: UserContext, raw: unknown): Promise<unknown> {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return rpcError(null, -32600, 'not a JSON-RPC message');
    const msg = raw as RpcMessage;
    if (msg.jsonrpc !== '2.0') return rpcError(msg.id, -32600, 'jsonrpc must be "2.0"');
    const notification = msg.id === undefined;
    if (typeof msg.method !== 'string') return notification ? undefined : rpcError(msg.id, -32600, 'method is required');
    if (notification) return undefined; // notifications/initialized, cancelled, …: nothing to answer
    if (typeof msg.id !== 'string' && typeof msg.id !== 'number') return rpcError(null, -32600, 'id must be a string or number');
    const ok = (result: unknown) => ({ jsonrpc: '2.0', id: msg.id, result });
    const params = (msg.params && typeof msg.params === 'object' ? msg.params : {}) as Record<string, unknown>;
    switch (msg.method) {
      case 'initialize': {
        const asked = typeof params.protocolVersion === 'string' ? params.protocolVersion : LATEST;
        return ok({
          protocolVersion: MCP_VERSIONS.includes(asked) ? asked : LATEST,
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: 'crm', title: `${auth.workspace.name} CRM`, version: this.config.appVersion },
          instructions: 'Tools over the CRM of the signed-in user: search and read companies, opportunities and tasks; log activities, create tasks and add notes (crm.write).',
        });
      }
      case 'ping':
        return ok({});
      case 'tools/list':
        return ok({
          tools: this.tools.tools
            .filter((t) => !t.module || auth.modules.includes(t.module))
            .map((t) => ({ name: t.name, title: t.title, description: t.description, inputSchema: inputSchema(t), annotations: { readOnlyHint: !t.write } })),
        });
      case 'tools/call':
        return ok(await this.call(auth, params));
      default:
        return rpcError(msg.id, -32601, `method not found: ${msg.method.slice(0, 100)}`);
    }
  }

  private async call(auth: UserContext, params: Record<string, unknown>) {
    const fail = (text: string) => ({ content: [{ type: 'text', text }], isError: true });
    const tool = this.tools.byName(params.name);
    if (!tool) return fail(`unknown tool ${String(params.name).slice(0, 100)}`);
    const moduleOff = McpTools.moduleProblem(auth, tool);
    if (moduleOff) return fail(`module: ${moduleOff.message}`);
    const problem = checkArgs(tool, params.arguments);
    if (problem) return fail(`invalid: ${problem}`);
    try {
      const result = await tool.run(auth, (params.arguments ?? {}) as Record<string, unknown>);
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: { result } };
    } catch (e) {
      if (e instanceof DomainError && e.status < 500) return fail(`${e.code}: ${e.message}`);
      throw e;
    }
  }
}
