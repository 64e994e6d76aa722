import * as z from 'zod/v4';
import { MODULES } from '../../domain/workspace/defaults';
import { id } from './mcp.args';
import { defineTool, type ToolDef, type ToolServices } from './mcp.tool-def';

/**
 * Deletes: each the REST DELETE's service call, and each asks the user first (`confirm`): through
 * elicitation when the client can be asked (whatever `confirm` says), else the call must carry `confirm: true`.
 */
export function deleteTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'delete_task',
      title: 'Delete a task',
      description: 'Delete a task the user may edit, for good (DELETE /api/v1/tasks/{id}). The user is asked first; a client that cannot ask must pass confirm: true once the user agreed.',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.activities,
      output: z.object({ deleted: z.literal(true), id: z.int() }),
      input: z.strictObject({ id: id('task') }),
      confirm: async (auth, a) => `Delete the task "${(await s.tasks.get(auth, a.id)).task.title}" (task ${a.id}) for good?`,
      run: async (auth, a) => {
        await s.tasks.remove(auth, a.id);
        return { deleted: true as const, id: a.id };
      },
    }),
  ];
}
