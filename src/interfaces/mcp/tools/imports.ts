import * as z from 'zod/v4';
import { id, limit } from '../mcp.args';
import { importJobCompact } from '../../../domain/crm/imports/import.view';
import { ImportStatus } from '../mcp.crm-outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { ImportsService } from '../../../domain/crm/imports';

/**
 * Import jobs, read only: an assistant can tell the user how an import started in the app is going. The same
 * service calls as REST's `GET /api/v1/imports` and `GET /api/v1/imports/{id}`, so the same rule (admins and
 * users with the `import` permission; no module of its own) and the same not_found for another workspace's job.
 */
export function importTools(get: ServiceOf): ToolDef[] {
  const s = { imports: get(ImportsService) };
  return [
    defineTool({
      name: 'import_status',
      title: 'Import status',
      description:
        "The workspace's import jobs (CSV/XLSX files uploaded in the app), newest first, or with id only that job: its state, counts (dry run, run, revert) and progress. Needs the import permission.",
      write: false,
      output: z.array(ImportStatus),
      input: z.strictObject({ id: id('import job').optional(), limit: limit().optional() }),
      run: async (auth, a) => {
        if (a.id !== undefined) return [importJobCompact((await s.imports.get(auth, a.id)).job, auth.workspace)];
        return (await s.imports.list(auth)).slice(0, a.limit ?? 20).map((j) => importJobCompact(j, auth.workspace));
      },
    }),
  ];
}
importTools.place = 200;
