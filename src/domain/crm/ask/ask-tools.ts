import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { UserContext } from '../../identity/auth-context';

/** Where a question comes from: the request (for logs) and the base of the record URLs the tools answer. */
export interface AskCall {
  requestId: string;
  baseUrl: string;
}

/**
 * The tools Ask's model may call: the MCP read tools, called as the caller (the same visibility, modules and
 * not-found answers as /mcp). The MCP interface provides them (ASK_TOOLS); Ask knows only this shape, so
 * it depends on no interface.
 */
export interface AskTools {
  /** The read tools the caller may call, as the model is offered them. */
  readList(auth: UserContext): Pick<Tool, 'name' | 'description' | 'inputSchema'>[];
  /** One read tool's call; a write tool's name is answered as unknown. */
  callRead(auth: UserContext, name: string, args: unknown, at: AskCall): Promise<CallToolResult>;
}

export const ASK_TOOLS = Symbol('ASK_TOOLS');
