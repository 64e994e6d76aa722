import * as z from 'zod/v4';
import { MODULES, type ModuleName } from '../../../domain/workspace/defaults';
import { formatTimestamp } from '../../../platform/common/time';
import { DomainError, invalid } from '../../../platform/common/errors';
import { oneOf } from '../mcp.args';
import { defineTool, requireModule, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { ObjectTypesService } from '../../../domain/crm/objects/object-types.service';
import { ExportLinks } from '../../../edge/export-links';

const KINDS = ['companies', 'people', 'opportunities', 'leads', 'tasks', 'objects'] as const;
type Kind = (typeof KINDS)[number];

/** Module of each list, as its REST list route (and its export) needs it. */
const MODULE_OF: Record<Kind, ModuleName> = {
  companies: MODULES.customers,
  people: MODULES.customers,
  opportunities: MODULES.opportunities,
  leads: MODULES.leads,
  tasks: MODULES.activities,
  objects: MODULES.customers,
};

/**
 * The filters each list route takes (its query less `limit` and `cursor`). The download checks the
 * values as the route does; the names are checked here so a wrong name is this call's error, not the
 * link's.
 */
const FILTERS: Record<Kind, readonly string[]> = {
  companies: ['q', 'status', 'owner_id', 'city', 'sector', 'active', 'external_id'],
  people: ['q', 'customer_id', 'owner_id', 'active', 'external_id'],
  opportunities: ['q', 'stage', 'owner_id', 'customer_id', 'status', 'external_id'],
  leads: ['q', 'fair_id', 'status', 'owner_id', 'external_id'],
  tasks: ['status', 'assignee_id', 'customer_id', 'opp_id', 'due_before', 'due_after', 'overdue', 'open'],
  objects: ['q', 'active', 'owner_id'],
};
const PAGE_FILTERS = ['sort', 'updated_since'];

const Output = z.object({
  url: z.string().describe('GET this address for the file; no other credentials needed, valid until expires_at'),
  expires_at: z.string().describe("when the link stops working, in the workspace's local time"),
  kind: z.string(),
  format: z.enum(['csv', 'xlsx']),
});

/**
 * `export_records`: a download link for a list's export (REST `GET /{kind}/export`), so an assistant can hand
 * a user a file without the file passing through the conversation. The link carries the caller's grant
 * (src/edge/export-links.ts) and is built on the workspace's configured address, never the request's Host.
 */
export function exportTools(get: ServiceOf): ToolDef[] {
  const s = { objectTypes: get(ObjectTypesService), exportLinks: get(ExportLinks) };
  const links = s.exportLinks;
  return [
    defineTool({
      name: 'export_records',
      title: 'Export records to a file',
      description:
        'A download link (valid 15 minutes) for a CSV or XLSX file of the companies, people, opportunities, leads, tasks or custom object records ' +
        'the user can see, with the same filters as the lists (filters: the list route\'s query names, e.g. {"status":"open","owner_id":7}; ' +
        'sort: recent or update).',
      write: false,
      output: Output,
      input: z.strictObject({
        kind: oneOf([...KINDS], KINDS.join(', ')),
        object_key: z.string().max(40).optional().describe('the custom object (its key), with kind objects'),
        filters: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean()])).optional().describe('list filters by query name'),
        format: oneOf(['csv', 'xlsx'], 'csv or xlsx').optional(),
        bom: z.boolean().optional().describe('CSV: start with a UTF-8 byte order mark (for Excel)'),
        delimiter: oneOf([',', ';'], ', or ;').optional().describe('CSV: ; is what Excel expects in Turkish and most continental locales'),
      }),
      run: async (auth, a, ctx) => {
        const kind = a.kind as Kind;
        requireModule(auth, MODULE_OF[kind]);
        if (kind === 'objects') {
          if (!a.object_key) throw invalid('object_key', 'is required with kind objects');
          await s.objectTypes.byKey(auth, a.object_key);
        }
        const allowed = [...FILTERS[kind], ...PAGE_FILTERS];
        const query: Record<string, string> = {};
        for (const [name, value] of Object.entries(a.filters ?? {})) {
          if (!allowed.includes(name)) throw new DomainError('invalid', `filters.${name}: not a filter of ${kind} (one of ${allowed.join(', ')})`);
          query[name] = String(value);
        }
        const format = (a.format as 'csv' | 'xlsx' | undefined) ?? 'csv';
        if (a.format) query.format = format;
        if (a.bom !== undefined) query.bom = a.bom ? '1' : '0';
        if (a.delimiter) query.delimiter = a.delimiter;
        const { token, expires } = links.issue(auth, kind, query, kind === 'objects' ? a.object_key : undefined);
        return { url: `${ctx.baseUrl}/api/v1/exports/${token}`, expires_at: formatTimestamp(expires, auth.workspace.timezone), kind, format };
      },
    }),
  ];
}
exportTools.place = 190;
