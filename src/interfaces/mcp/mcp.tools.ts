import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type pino from 'pino';
import * as z from 'zod/v4';
import { clip } from '../../platform/common/errors';
import { toDomainError } from '../../edge/error-mapping';
import { ROOT_LOGGER } from '../../platform/common/logger';
import { ActivitiesService } from '../../domain/crm/activities/activities.service';
import { CalendarService } from '../../domain/crm/calendar/calendar.service';
import { CompaniesService } from '../../domain/crm/companies/companies.service';
import { LeadsService } from '../../domain/crm/leads/leads.service';
import { EventJournalService } from '../../domain/crm/journal';
import { OpportunitiesService } from '../../domain/crm/opportunities/opportunities.service';
import { PeopleService } from '../../domain/crm/people/people.service';
import { SearchService } from '../../domain/crm/search';
import { TasksService } from '../../domain/crm/tasks/tasks.service';
import { TodayService } from '../../domain/crm/today/today.service';
import type { UserContext } from '../../domain/identity/auth-context';
import { fingerprintOf, IdempotencyKeys } from '../../domain/identity/idempotency';
import { problemsOf } from './mcp.args';
import type { ToolDef, ToolServices } from './mcp.tool-def';
import { readTools } from './mcp.read-tools';
import { recordWriteTools } from './mcp.record-write-tools';
import { researchTools } from './mcp.research-tools';
import { writeTools } from './mcp.write-tools';

const MAX_PROBLEMS = 10;
const fail = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** Every write tool's optional key (issue 22): the REST `Idempotency-Key` rule, per credential. */
const IDEMPOTENCY_KEY = z
  .string()
  .regex(/^[\x20-\x7e]{1,255}$/, 'must be 1 to 255 printable ASCII characters')
  .optional()
  .describe(
    'optional: a key of your choice (1-255 printable characters) that makes a repeat of this call within 24 hours answer the first result again instead of writing twice; the same key with other arguments is refused',
  );

/** Protocol revisions that added tool annotations, and `title`, `outputSchema` and `structuredContent`. */
export const REVISION_ANNOTATIONS = '2025-03-26';
export const REVISION_STRUCTURED = '2025-06-18';

/** Where a call comes from: the request (for logs), the web app's base URL, the request's protocol revision. */
export interface CallContext {
  requestId: string;
  baseUrl: string;
  revision: string;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { target: 'draft-7', io }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

/** True hints: reads only read; a write says whether it changes what exists and whether a repeat adds nothing; nothing leaves the CRM. */
function annotationsOf(t: ToolDef): NonNullable<Tool['annotations']> {
  if (!t.write) return { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  return { readOnlyHint: false, destructiveHint: t.destructive, idempotentHint: t.idempotent, openWorldHint: false };
}

/**
 * The tool registry: definitions with their JSON Schemas (built once from zod), the per-caller list
 * (module rule, workspace choices) and the call path (module, input validation, domain errors as tool
 * errors `code: message`; anything else is logged and answered as a JSON-RPC internal error).
 */
@Injectable()
export class McpTools {
  private readonly tools: ToolDef[];
  private readonly byName = new Map<string, { def: ToolDef; schema: Tool['inputSchema']; output: NonNullable<Tool['outputSchema']> }>();

  constructor(
    companies: CompaniesService,
    people: PeopleService,
    opps: OpportunitiesService,
    activities: ActivitiesService,
    tasks: TasksService,
    today: TodayService,
    leads: LeadsService,
    events: EventJournalService,
    search: SearchService,
    calendar: CalendarService,
    private readonly keys: IdempotencyKeys,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
  ) {
    const services: ToolServices = { companies, people, opps, activities, tasks, today, leads, events, search, calendar };
    const writes = [...writeTools(services), ...recordWriteTools(services)].map((t) => ({ ...t, input: t.input.extend({ idempotency_key: IDEMPOTENCY_KEY }) }));
    this.tools = [...researchTools(services), ...readTools(services), ...writes];
    for (const def of this.tools) {
      const schema = jsonSchema(def.input, 'input') as Tool['inputSchema'];
      const output = jsonSchema(def.bare ? def.output : z.object({ result: def.output }), 'output') as NonNullable<Tool['outputSchema']>;
      this.byName.set(def.name, { def, schema, output });
    }
  }

  /** The write tool a JSON-RPC message calls, if any (for the step-up check before the MCP server). */
  writeToolOf(message: unknown): string | null {
    const m = message as { method?: unknown; params?: { name?: unknown } } | null;
    if (!m || typeof m !== 'object' || m.method !== 'tools/call' || typeof m.params?.name !== 'string') return null;
    return this.byName.get(m.params.name)?.def.write ? m.params.name : null;
  }

  /**
   * The tools the caller may call (its modules, and crm.write for writes), as the request's protocol
   * revision describes a tool: `title` and `outputSchema` from 2025-06-18, annotations from 2025-03-26.
   */
  list(auth: UserContext, revision: string): Tool[] {
    const c = auth.workspace.constants;
    const writes = auth.credential.scopes.includes('crm.write');
    return this.tools
      .filter((t) => (!t.module || auth.modules.includes(t.module)) && (writes || !t.write))
      .map((t) => {
        const known = this.byName.get(t.name)!;
        let inputSchema = known.schema;
        const choices = t.choices?.(c);
        if (choices) {
          const properties = { ...(inputSchema.properties as Record<string, object>) };
          for (const [k, values] of Object.entries(choices)) if (properties[k] && values.length) properties[k] = { ...properties[k], enum: values };
          inputSchema = { ...inputSchema, properties };
        }
        const tool: Tool = { name: t.name, description: t.description, inputSchema };
        if (revision >= REVISION_ANNOTATIONS) tool.annotations = { ...(revision < REVISION_STRUCTURED ? { title: t.title } : {}), ...annotationsOf(t) };
        if (revision >= REVISION_STRUCTURED) Object.assign(tool, { title: t.title, outputSchema: known.output });
        return tool;
      });
  }

  /** The read tools the caller may call (Ask offers them to its language model): the listing of `tools/list` without the writes. */
  readList(auth: UserContext): Tool[] {
    return this.list(auth, REVISION_STRUCTURED)
      .filter((t) => !this.byName.get(t.name)!.def.write)
      .map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
  }

  /** A read tool's call (Ask): a write tool's name is answered as unknown, whatever the credential's scope. */
  callRead(auth: UserContext, name: string, args: unknown, at: CallContext): Promise<CallToolResult> {
    if (this.byName.get(name)?.def.write) return Promise.resolve(fail(`not_found: unknown tool ${clip(name, 100)}`));
    return this.call(auth, name, args, { ...at, revision: REVISION_STRUCTURED });
  }

  async call(auth: UserContext, name: string, args: unknown, at: CallContext): Promise<CallToolResult> {
    const result = await this.callTool(auth, name, args, at);
    if (at.revision >= REVISION_STRUCTURED || !result.structuredContent) return result;
    const { structuredContent: _, ...older } = result;
    return older;
  }

  private async callTool(auth: UserContext, name: string, args: unknown, at: CallContext): Promise<CallToolResult> {
    const tool = this.byName.get(name)?.def;
    if (!tool) return fail(`not_found: unknown tool ${clip(name, 100)}`);
    if (tool.module && !auth.modules.includes(tool.module)) return fail(`module: the ${tool.module} module is off for this user or workspace`);
    if (tool.write && !auth.credential.scopes.includes('crm.write')) return fail(`insufficient_scope: the ${tool.name} tool needs the crm.write scope`);
    const parsed = tool.input.safeParse(args ?? {});
    if (!parsed.success) return fail(`invalid: ${problemsOf(parsed.error).slice(0, MAX_PROBLEMS).join('; ')}`);
    const { idempotency_key: key, ...rest } = parsed.data as { idempotency_key?: string };
    if (!tool.write || key === undefined) return this.run(auth, tool, parsed.data, at);
    return this.runOnce(auth, tool, key, rest, at);
  }

  /** A write with `idempotency_key`: claimed before it runs, its result (or tool error) stored; an internal error frees the key. */
  private async runOnce(auth: UserContext, tool: ToolDef, key: string, args: Record<string, unknown>, at: CallContext): Promise<CallToolResult> {
    const workspaceId = auth.workspace.id;
    let claim;
    try {
      claim = await this.keys.claim({ workspaceId, credentialId: auth.credential.id, key, fingerprint: fingerprintOf('MCP', `tools/call/${tool.name}`, args) });
    } catch (e) {
      const err = toDomainError(e);
      if (err.code === 'internal') throw e;
      return fail(`${err.code}: ${err.message}`);
    }
    if ('replay' in claim) return { ...(JSON.parse(claim.replay.body) as CallToolResult), _meta: { idempotent_replayed: true } };
    let result: CallToolResult;
    try {
      result = await this.run(auth, tool, args, at);
    } catch (e) {
      await this.keys.release(workspaceId, claim.owned);
      throw e;
    }
    await this.keys.complete(workspaceId, claim.owned, { status: result.isError ? 400 : 200, contentType: 'application/json', body: JSON.stringify(result) });
    return result;
  }

  private async run(auth: UserContext, tool: ToolDef, args: unknown, at: CallContext): Promise<CallToolResult> {
    const requestId = at.requestId;
    try {
      const result = await tool.run(auth, args as never, { baseUrl: at.baseUrl });
      const structured = (tool.bare ? result : { result }) as Record<string, unknown>;
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: structured };
    } catch (e) {
      const err = toDomainError(e);
      if (err.code !== 'internal') return fail(`${err.code}: ${err.message}`);
      this.log.error({ err: e, request_id: requestId, tool: tool.name }, 'MCP tool failed');
      // a plain Error with code and data: McpError would prefix its message with "MCP error -32603: "
      throw Object.assign(new Error('internal error'), { code: ErrorCode.InternalError, data: { request_id: requestId } });
    }
  }
}
