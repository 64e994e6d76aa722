import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ErrorCode, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type pino from 'pino';
import * as z from 'zod/v4';
import { clip } from '../../platform/common/errors';
import { toDomainError } from '../../edge/error-mapping';
import { ROOT_LOGGER } from '../../platform/common/logger';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import type { AskCall, AskTools } from '../../domain/crm/ask';
import type { UserContext } from '../../domain/identity/auth-context';
import { fingerprintOf, IdempotencyKeys } from '../../domain/identity/idempotency';
import { McpCallAudit } from '../../domain/identity/mcp-call-audit';
import { flag, problemsOf } from './mcp.args';
import type { Answer } from './mcp.elicitation';
import type { ServiceOf, ToolDef } from './mcp.tool-def';
import { TOOL_KINDS } from './tools';

const MAX_PROBLEMS = 10;
const fail = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** Every write tool's optional key: the REST `Idempotency-Key` rule, per credential. */
const IDEMPOTENCY_KEY = z
  .string()
  .regex(/^[\x20-\x7e]{1,255}$/, 'must be 1 to 255 printable ASCII characters')
  .optional()
  .describe(
    'optional: a key of your choice (1-255 printable characters) that makes a repeat of this call within 24 hours answer the first result again instead of writing twice; the same key with other arguments is refused',
  );

/** The argument a tool that asks first takes from a client that cannot be asked. */
const CONFIRM = flag('true only once the user has agreed to this change; only for a client that cannot ask the user itself (a client that declared elicitation is asked whatever this says)').optional();

/** Protocol revisions that added tool annotations, and `title`, `outputSchema` and `structuredContent`. */
export const REVISION_ANNOTATIONS = '2025-03-26';
export const REVISION_STRUCTURED = '2025-06-18';

/** Where a call comes from: the request (for logs), the web app's base URL, the request's protocol revision. */
export interface CallContext {
  requestId: string;
  baseUrl: string;
  revision: string;
  /** Asks the user (elicitation) when the client declared it and the revision has it. */
  ask?: (message: string) => Promise<Answer>;
}

/** The first word of a tool error (`not_found: …` → not_found), for the audit log. */
const outcomeOf = (r: CallToolResult): string => (r.isError ? (/^([a-z_]{1,40}):/.exec((r.content[0] as { text?: string } | undefined)?.text ?? '')?.[1] ?? 'error') : 'ok');

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { target: 'draft-7', io }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

/** True hints: reads only read; a write says whether it changes what exists and whether a repeat adds nothing; open world only when the effect leaves the CRM (send_order_to_erp). */
function annotationsOf(t: ToolDef): NonNullable<Tool['annotations']> {
  if (!t.write) return { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: t.openWorld ?? false };
  return { readOnlyHint: false, destructiveHint: t.destructive, idempotentHint: t.idempotent, openWorldHint: t.openWorld ?? false };
}

/**
 * The tool registry: definitions with their JSON Schemas (built once from zod), the per-caller list
 * (module rule, workspace choices) and the call path (module, input validation, domain errors as tool
 * errors `code: message`; anything else is logged and answered as a JSON-RPC internal error).
 */
@Injectable()
export class McpTools implements AskTools {
  private catalogue?: { tools: ToolDef[]; byName: Map<string, { def: ToolDef; schema: Tool['inputSchema']; output: NonNullable<Tool['outputSchema']> }> };

  constructor(
    /** The tool files' services, by class (ServiceOf): Nest's container, read once when the catalogue is built. */
    private readonly moduleRef: ModuleRef,
    private readonly keys: IdempotencyKeys,
    private readonly audit: McpCallAudit,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Under NODE_ENV=test, the tools' output checks (`checkToolOutputs`). */
  private outputCheck?: ToolOutputCheck;

  /**
   * Under NODE_ENV=test the answer as it goes on the wire, checked against the tool's `outputSchema` as a 2025-06-18
   * client checks it: so every test that calls a tool, on any interface (MCP, Ask), checks its output, and no list of
   * the tools has to be kept for it. Null when it passes or nothing is checked.
   */
  private refusedOutput(tool: ToolDef, structured: Record<string, unknown>): string | null {
    if (!this.config.checkToolOutputs) return null;
    this.outputCheck ??= new ToolOutputCheck();
    return this.outputCheck.refusal(tool.name, this.byName.get(tool.name)!.output, structured);
  }

  /**
   * The definitions and their JSON Schemas, built at the first MCP or Ask request rather than at start: building them
   * (zod schemas, their JSON Schema conversion) was about a third of an app start's CPU, which an app that never
   * serves MCP (every test app but a few) paid for nothing. The service builds it right after it listens (`warm`).
   */
  private get built(): NonNullable<McpTools['catalogue']> {
    return (this.catalogue ??= this.build());
  }

  warm(): void {
    void this.built;
  }

  private get tools(): ToolDef[] {
    return this.built.tools;
  }

  private get byName() {
    return this.built.byName;
  }

  private build(): NonNullable<McpTools['catalogue']> {
    const get: ServiceOf = (type) => this.moduleRef.get(type, { strict: false });
    const all = TOOL_KINDS.flatMap((kind) => kind(get));
    const writes = all.filter((t) => t.write).map((t) => ({
      ...t,
      input: t.input.extend({ idempotency_key: IDEMPOTENCY_KEY, ...(t.confirm ? { confirm: CONFIRM } : {}) }),
    }));
    const tools = [...all.filter((t) => !t.write), ...writes];
    const byName: NonNullable<McpTools['catalogue']>['byName'] = new Map();
    for (const def of tools) {
      const schema = jsonSchema(def.input, 'input') as Tool['inputSchema'];
      const output = jsonSchema(def.bare ? def.output : z.object({ result: def.output }), 'output') as NonNullable<Tool['outputSchema']>;
      byName.set(def.name, { def, schema, output });
    }
    return { tools, byName };
  }

  /** The write tool a JSON-RPC message calls, if any (for the step-up check before the MCP server). */
  writeToolOf(message: unknown): string | null {
    const m = message as { method?: unknown; params?: { name?: unknown } } | null;
    if (!m || typeof m !== 'object' || m.method !== 'tools/call' || typeof m.params?.name !== 'string') return null;
    return this.byName.get(m.params.name)?.def.write ? m.params.name : null;
  }

  /** Whether a JSON-RPC message calls a tool that asks the user first (it may need elicitation, whatever `confirm` says). */
  mayAsk(message: unknown): boolean {
    const m = message as { method?: unknown; params?: { name?: unknown } } | null;
    if (!m || typeof m !== 'object' || m.method !== 'tools/call' || typeof m.params?.name !== 'string') return false;
    return !!this.byName.get(m.params.name)?.def.confirm;
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
          for (const [k, values] of Object.entries(choices)) if (properties[k] && values.length) properties[k] = withChoices(properties[k], values);
          inputSchema = { ...inputSchema, properties };
        }
        const tool: Tool = { name: t.name, description: t.description, inputSchema };
        if (revision >= REVISION_ANNOTATIONS) tool.annotations = { ...(revision < REVISION_STRUCTURED ? { title: t.title } : {}), ...annotationsOf(t) };
        if (revision >= REVISION_STRUCTURED) Object.assign(tool, { title: t.title, outputSchema: known.output });
        return tool;
      });
  }

  /** The read tools the caller may call (Ask offers them to its language model, ASK_TOOLS): the listing of `tools/list` without the writes. */
  readList(auth: UserContext): Tool[] {
    return this.list(auth, REVISION_STRUCTURED)
      .filter((t) => !this.byName.get(t.name)!.def.write)
      .map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
  }

  /** A read tool's call (Ask): a write tool's name is answered as unknown, whatever the credential's scope. */
  callRead(auth: UserContext, name: string, args: unknown, at: AskCall): Promise<CallToolResult> {
    if (this.byName.get(name)?.def.write) return Promise.resolve(fail(`not_found: unknown tool ${clip(name, 100)}`));
    return this.call(auth, name, args, { ...at, revision: REVISION_STRUCTURED });
  }

  /**
   * One tools/call, in the audit log: a write's row in its transaction, any other outcome (a read, a tool
   * error before the write ran, an idempotent replay) as one INSERT after it.
   */
  async call(auth: UserContext, name: string, args: unknown, at: CallContext): Promise<CallToolResult> {
    const started = Date.now();
    const audited = { done: false };
    let result: CallToolResult;
    try {
      result = await this.callTool(auth, name, args, at, audited);
    } catch (e) {
      if (!audited.done) await this.audit.record(auth, { method: 'tools/call', target: clip(name, 100), revision: at.revision, outcome: 'internal', ms: Date.now() - started }).catch(() => undefined);
      throw e;
    }
    if (!audited.done) await this.audit.record(auth, { method: 'tools/call', target: clip(name, 100), revision: at.revision, outcome: outcomeOf(result), ms: Date.now() - started });
    if (at.revision >= REVISION_STRUCTURED || !result.structuredContent) return result;
    const { structuredContent: _, ...older } = result;
    return older;
  }

  private async callTool(auth: UserContext, name: string, args: unknown, at: CallContext, audited: { done: boolean }): Promise<CallToolResult> {
    const tool = this.byName.get(name)?.def;
    if (!tool) return fail(`not_found: unknown tool ${clip(name, 100)}`);
    if (tool.module && !auth.modules.includes(tool.module)) return fail(`module: the ${tool.module} module is off for this user or workspace`);
    if (tool.write && !auth.credential.scopes.includes('crm.write')) return fail(`insufficient_scope: the ${tool.name} tool needs the crm.write scope`);
    const parsed = tool.input.safeParse(args ?? {});
    if (!parsed.success) return fail(`invalid: ${problemsOf(parsed.error).slice(0, MAX_PROBLEMS).join('; ')}`);
    const { idempotency_key: key, confirm, ...rest } = parsed.data as { idempotency_key?: string; confirm?: boolean };
    if (tool.confirm) {
      const refused = await this.confirmed(auth, tool, rest, confirm === true, at);
      if (refused) return refused;
    }
    if (!tool.write || key === undefined) return this.run(auth, tool, rest, at, audited);
    return this.runOnce(auth, tool, key, rest, at, audited);
  }

  /**
   * A tool that asks first: null when the user agreed (or these arguments need no question), else the
   * tool error. A client that declared elicitation is asked (elicitation/create on the call's stream)
   * even when the call carries `confirm: true`: the model writes that argument, and a model steered by
   * text it read (a note, a ticket) must not be able to skip the user. Only a client that cannot be asked
   * relies on `confirm: true`.
   */
  private async confirmed(auth: UserContext, tool: ToolDef, args: Record<string, unknown>, confirm: boolean, at: CallContext): Promise<CallToolResult | null> {
    let question: string | null;
    try {
      question = await tool.confirm!(auth, args as never);
    } catch (e) {
      const err = toDomainError(e);
      if (err.code === 'internal') throw e;
      return fail(`${err.code}: ${err.message}`);
    }
    if (question === null) return null;
    if (!at.ask) return confirm ? null : fail(`confirmation_required: ${question} Ask the user, and only if they agree call ${tool.name} again with confirm: true.`);
    const answer = await at.ask(question);
    if (answer === 'accept') return null;
    const why = { decline: 'the user declined', cancel: 'the user cancelled', timeout: 'the user did not answer in time' }[answer];
    return fail(`declined: ${why}; nothing was changed`);
  }

  /** A write with `idempotency_key`: claimed before it runs, its result (or tool error) stored; an internal error frees the key. */
  private async runOnce(auth: UserContext, tool: ToolDef, key: string, args: Record<string, unknown>, at: CallContext, audited: { done: boolean }): Promise<CallToolResult> {
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
      result = await this.run(auth, tool, args, at, audited);
    } catch (e) {
      await this.keys.release(workspaceId, claim.owned);
      throw e;
    }
    await this.keys.complete(workspaceId, claim.owned, { status: result.isError ? 400 : 200, contentType: 'application/json', body: JSON.stringify(result) });
    return result;
  }

  /** A write runs in one transaction with its audit row (McpCallAudit.write also records a failure); a read is audited by `call`. */
  private async run(auth: UserContext, tool: ToolDef, args: unknown, at: CallContext, audited: { done: boolean }): Promise<CallToolResult> {
    const requestId = at.requestId;
    let result: unknown;
    try {
      const go = () => tool.run(auth, args as never, { baseUrl: at.baseUrl });
      if (tool.write) {
        audited.done = true;
        result = await this.audit.write(auth, { method: 'tools/call', target: tool.name, revision: at.revision }, go);
      } else {
        result = await go();
      }
    } catch (e) {
      const err = toDomainError(e);
      if (err.code !== 'internal') return fail(`${err.code}: ${err.message}`);
      this.log.error({ err: e, request_id: requestId, tool: tool.name }, 'MCP tool failed');
      // a plain Error with code and data: McpError would prefix its message with "MCP error -32603: "
      throw Object.assign(new Error('internal error'), { code: ErrorCode.InternalError, data: { request_id: requestId } });
    }
    const structured = (tool.bare ? result : { result }) as Record<string, unknown>;
    const refused = this.refusedOutput(tool, structured);
    if (refused) throw Object.assign(new Error(refused), { code: ErrorCode.InternalError, data: { request_id: requestId } });
    return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: structured };
  }
}

/**
 * An argument's schema limited to the workspace's values. A nullable argument (`anyOf` the value or null) keeps its
 * null: the values go into the value's branch, so the schema still admits the null the tool accepts.
 */
export function withChoices(schema: object, values: string[]): object {
  const branches = (schema as { anyOf?: { type?: string }[] }).anyOf;
  if (!branches?.some((b) => b.type === 'null')) return { ...schema, enum: values };
  return { ...schema, anyOf: branches.map((b) => (b.type === 'null' ? b : { ...b, enum: values })) };
}

/**
 * A tool's answer against its `outputSchema`, with the validator the SDK client uses (Ajv), each schema compiled at
 * its tool's first answer: the refusal names the tool and the schema's complaint, or null.
 */
export class ToolOutputCheck {
  private readonly validator = new AjvJsonSchemaValidator();
  private readonly compiled = new Map<string, JsonSchemaValidator<unknown>>();

  refusal(tool: string, schema: object, structured: Record<string, unknown>): string | null {
    let check = this.compiled.get(tool);
    if (!check) {
      check = this.validator.getValidator(schema as never);
      this.compiled.set(tool, check);
    }
    // as it goes on the wire (a Date as its string)
    const verdict = check(JSON.parse(JSON.stringify(structured)));
    return verdict.valid ? null : `the ${tool} tool answered what its outputSchema refuses: ${verdict.errorMessage}`;
  }
}
