import { discover, discovered, inPlaceOrder } from '../../../platform/common/discover';
import type { ServiceOf, ToolDef } from '../mcp.tool-def';

/** A record kind's tools: its builder, exported by `tools/<kind>.ts`, with its `place` (lower first). */
export interface ToolKind {
  (get: ServiceOf): ToolDef[];
  place: number;
}

const isToolKind = (v: unknown): v is ToolKind => typeof v === 'function' && typeof (v as Partial<ToolKind>).place === 'number';

/**
 * Every tool, one builder per record kind, found in this folder (`tools/<kind>.ts` exports it; no list here to
 * edit). tools/list answers the reads in the order of the builders' places, then the writes in that order; each file
 * states its own place (research first, at 10; a new kind takes a free one, as two at one place stop the start).
 */
export const TOOL_KINDS: readonly ToolKind[] = inPlaceOrder(discovered(discover(__dirname, /^(?!index\.)[^/]+\.(?:ts|js)$/), isToolKind), 'tool kinds');
