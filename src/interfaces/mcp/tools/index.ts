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
 * edit). tools/list answers the reads in the order of the builders' places, then the writes in that order: research
 * 10, records 20, companies 30, people 40, opportunities 50, activities 60, tasks 70, calendar 80, Today 90, the
 * journal 100, leads 110, orders 120, approvals 130, tickets 140, custom objects 150, Quick Entry 160, reports 170
 * and 180, export 190, imports 200, workflows 210.
 */
export const TOOL_KINDS: readonly ToolKind[] = inPlaceOrder(discovered(discover(__dirname, /^(?!index\.)[^/]+\.(?:ts|js)$/), isToolKind), 'tool kinds');
