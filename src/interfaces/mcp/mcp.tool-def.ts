import * as z from 'zod/v4';
import { DomainError } from '../../platform/common/errors';
import type { UserContext } from '../../domain/identity/auth-context';
import type { ModuleName } from '../../domain/workspace/defaults';
import type { WorkspaceConstants } from '../../domain/workspace/workspace.entity';

/** What a tool runs with besides its arguments: where the web app's record URLs start (the workspace's configured link base, never the request's host). */
export interface ToolContext {
  baseUrl: string;
}

interface ToolBase<S extends z.ZodObject, O extends z.ZodType> {
  name: string;
  title: string;
  description: string;
  module?: ModuleName;
  input: S;
  /** The result's schema (`outputSchema`); `run` must answer its input type. */
  output: O;
  /** `structuredContent` is the result itself (an object, as the research tools answer) rather than `{result}`. */
  bare?: boolean;
  /** Workspace lists offered as an argument's `enum` in tools/list (the service still checks the value). */
  choices?: (c: WorkspaceConstants) => Record<string, string[]>;
  /** The effect reaches beyond the CRM (an order handed to the ERP): `openWorldHint`. */
  openWorld?: boolean;
  run: (auth: UserContext, args: z.output<S>, ctx: ToolContext) => Promise<z.input<O>>;
  /**
   * A delete, archive or bulk write asks the user first (McpTools.confirmed in mcp.tools.ts): the question
   * for these arguments (reading the record also checks it is there and visible), or null when they need
   * none. Such a tool takes `confirm: true` only from a client that cannot be asked; one that declared
   * elicitation is always asked.
   */
  confirm?: (auth: UserContext, args: z.output<S>) => Promise<string | null>;
}

/**
 * One MCP tool: its zod input and output schemas, the licence module it needs, and one domain service
 * call. A write (needs crm.write) states its annotations: `destructive` when it changes or removes what
 * exists rather than only adding, `idempotent` when a repeat with the same arguments changes nothing more.
 */
export type ToolDef<S extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> = ToolBase<S, O> &
  ({ write: false } | { write: true; destructive: boolean; idempotent: boolean });

/** A tool definition with its argument and result types checked against its schemas. */
export const defineTool = <S extends z.ZodObject, O extends z.ZodType>(def: ToolDef<S, O>): ToolDef => def as unknown as ToolDef;

/**
 * How a tool file gets the domain services it calls, the same ones the REST controllers are given: by class, from
 * Nest's container (McpTools), so a record kind's tools name their services in their own file and nothing here or in
 * McpTools' constructor lists them.
 */
export type ServiceOf = <T>(type: abstract new (...args: never[]) => T) => T;

/** Rule 11 inside a tool that reads several record kinds (get_record): a tool error `module: …`. */
export function requireModule(auth: UserContext, module: ModuleName): void {
  if (!auth.modules.includes(module)) throw new DomainError('module', `the ${module} module is off for this user or workspace`);
}
