import * as z from 'zod/v4';
import { DomainError } from '../../../platform/common/errors';
import type { UserContext } from '../../../domain/identity/auth-context';
import { id, oneOf } from '../mcp.args';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { RECORD_KINDS } from '../../../domain/crm/workflows/workflows.rules';
import { workflowCompact, workflowRunCompact, WorkflowsService, WorkflowInvoker } from '../../../domain/crm/workflows';

const WorkflowBrief = z.object({
  id: z.int(),
  name: z.string(),
  version: z.int(),
  enabled: z.boolean(),
  disabled_reason: z.string(),
  trigger: z.string().describe('event:<kind>, manual:<record kind>, hook:<id> or time:<watch>'),
  actions: z.array(z.string()).describe('the action types in order'),
});
const RunBrief = z.object({
  id: z.int(),
  workflow_id: z.int(),
  version: z.int(),
  status: z.string(),
  record_kind: z.string(),
  record_id: z.int(),
  steps: z.array(z.object({ path: z.string(), type: z.string(), outcome: z.string(), detail: z.string() })),
  error: z.string(),
});

/** Workflows are workspace administration: an app's OAuth token is refused as on REST (first party only). */
function firstParty(auth: UserContext): void {
  if (auth.credential.kind === 'oauth') throw new DomainError('insufficient_scope', 'workflows are workspace administration: use an API key of an admin, not an app token');
}

/**
 * Workflows (admins, first party; the same service calls as `GET /api/v1/workflows` and
 * `POST /api/v1/workflows/{id}/run`, answered in the compact projections of src/domain/crm/workflows/workflow.view.ts). Running one changes records as the rule says, so the user is asked first.
 */
export function workflowTools(get: ServiceOf): ToolDef[] {
  const s = { workflows: get(WorkflowsService), workflowInvoker: get(WorkflowInvoker) };
  return [
    defineTool({
      name: 'list_workflows',
      title: 'List workflows',
      description: "The workspace's workflows (rules by which the CRM acts on its own events): trigger, actions, enabled. Admins only.",
      write: false,
      output: z.array(WorkflowBrief),
      input: z.strictObject({}),
      run: async (auth) => {
        firstParty(auth);
        return (await s.workflows.list(auth)).map(workflowCompact);
      },
    }),
    defineTool({
      name: 'run_workflow',
      title: 'Run a workflow on a record',
      description:
        'Starts a manual workflow (trigger manual) on one record (POST /api/v1/workflows/{id}/run): the run is queued (status pending) and the engine runs it within seconds; its outcome shows in the app and in GET /api/v1/workflow-runs/{id}. It changes records, so the user is asked first; a client that cannot ask must pass confirm: true once the user agreed. Admins only.',
      write: true,
      destructive: true,
      idempotent: false,
      output: RunBrief,
      input: z.strictObject({ id: id('workflow'), record_kind: oneOf(RECORD_KINDS as unknown as readonly [string, ...string[]], 'the kind of the record'), record_id: id('record') }),
      confirm: async (auth, a) => {
        firstParty(auth);
        return `Run the workflow "${(await s.workflows.get(auth, a.id)).rule.name}" on ${a.record_kind} ${a.record_id}?`;
      },
      run: async (auth, a) => {
        firstParty(auth);
        return workflowRunCompact(await s.workflowInvoker.runManual(auth, a.id, a.record_kind, a.record_id));
      },
    }),
  ];
}
workflowTools.place = 210;
