import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { IdPipe } from '../../../edge/id.pipe';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import { WorkflowInvoker, WorkflowsService, workflowRunsView, workflowRunView, workflowSimulationView, workflowTemplateView, workflowView } from '../../../domain/crm/workflows';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CreateWorkflowDto, InstallTemplateDto, RecordRunsQueryDto, RunWorkflowDto, SimulateWorkflowDto, UpdateWorkflowDto, WorkflowRunsQueryDto } from './workflows.dto';
import { WorkflowList, WorkflowResponse, WorkflowRunList, WorkflowRunResponse, WorkflowSimulation, WorkflowTemplateList } from './workflow.schema';
import { OkResponse } from '../shared/common.schema';
import { invalid } from '../../../platform/common/errors';

/** Workflows are workspace administration (admins only) and act as an admin: first party only. */
const read = { scope: 'crm.read', firstParty: true } as const;
const write = { scope: 'crm.write', firstParty: true } as const;
const ADMINS = 'Admins only (403 `forbidden` for other users); first party only (an OAuth token gets 403 `insufficient_scope`).';
const NOT_FOUND = '404 `not_found`: no such workflow in this workspace.';
const SEE = 'Beyond the spec (6.1 names workflows as an origin of changes): docs/decisions/workflows.md.';
const DEFINITION =
  'A definition is a `trigger` (`event` with an event kind of spec 6.1 and a filter on its `data` in the webhook filters\' language; `manual` with a record kind; `hook` with an inbound hook; ' +
  '`time` with a watch and days), `conditions` in the same language over the event `data` and `record.*`, and 1 to 20 ordered `actions` (create_task, update_fields, add_note, assign_owner, ' +
  'add_calendar_entry, branch, wait), each through the same service and checks as REST. A bad part is 400 `invalid` naming it (`actions[1].assignee.user_id`).';

const before = (cursor?: string): number | undefined => {
  if (cursor === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(cursor)) throw invalid('cursor', 'is not a cursor of this list');
  return Number(cursor);
};

@ApiTags('Workflows')
@Controller('api/v1')
export class WorkflowsController {
  constructor(
    private readonly service: WorkflowsService,
    private readonly invoker: WorkflowInvoker,
  ) {}

  @Get('workflows')
  @ApiDoc({ id: 'listWorkflows', summary: 'List workflows', description: `The workspace's workflows by name. ${ADMINS} ${SEE}`, ok: WorkflowList })
  @Auth(read)
  async list(@CurrentAuth() auth: UserContext) {
    return { ok: true, items: (await this.service.list(auth)).map((v) => workflowView(v, auth.workspace)) };
  }

  @Post('workflows')
  @ApiDoc({ id: 'createWorkflow', summary: 'Create a workflow', description: `Creates a rule, version 1, disabled unless \`enabled\` is true. ${DEFINITION} ${ADMINS} ${SEE}`, ok: WorkflowResponse, errors: { 409: '`conflict`: the workspace already has 100 workflows' } })
  @Auth(write)
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateWorkflowDto) {
    return { ok: true, workflow: workflowView(await this.service.create(auth, dto), auth.workspace) };
  }

  @Get('workflows/:id')
  @ApiDoc({ id: 'getWorkflow', summary: 'Get a workflow', description: `One workflow. ${ADMINS} ${NOT_FOUND}`, ok: WorkflowResponse })
  @Auth(read)
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true, workflow: workflowView(await this.service.get(auth, id), auth.workspace) };
  }

  @Patch('workflows/:id')
  @ApiDoc({
    id: 'updateWorkflow',
    summary: 'Update a workflow',
    description: `Changes the fields sent. A change of the name, trigger, conditions or actions makes a new \`version\` (runs already started keep theirs). ${DEFINITION} ${ADMINS} ${NOT_FOUND}`,
    ok: WorkflowResponse,
  })
  @Auth(write)
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateWorkflowDto) {
    return { ok: true, workflow: workflowView(await this.service.update(auth, id, dto), auth.workspace) };
  }

  @Delete('workflows/:id')
  @ApiDoc({ id: 'deleteWorkflow', summary: 'Delete a workflow', description: `Deletes the rule, its versions and its runs (a waiting run never resumes). What it changed stays. ${ADMINS} ${NOT_FOUND}`, ok: OkResponse })
  @Auth(write)
  async remove(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.remove(auth, id);
    return { ok: true as const };
  }

  @Post('workflows/:id/enable')
  @HttpCode(200)
  @ApiDoc({ id: 'enableWorkflow', summary: 'Enable a workflow', description: `Enables the rule (and clears a reason the storm guard left); it acts on events from now on, not on earlier ones. ${ADMINS} ${NOT_FOUND}`, ok: WorkflowResponse })
  @Auth(write)
  async enable(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true, workflow: workflowView(await this.service.setEnabled(auth, id, true), auth.workspace) };
  }

  @Post('workflows/:id/disable')
  @HttpCode(200)
  @ApiDoc({ id: 'disableWorkflow', summary: 'Disable a workflow', description: `Disables the rule: no new runs start; runs already waiting still finish. ${ADMINS} ${NOT_FOUND}`, ok: WorkflowResponse })
  @Auth(write)
  async disable(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true, workflow: workflowView(await this.service.setEnabled(auth, id, false), auth.workspace) };
  }

  @Get('workflows/:id/runs')
  @ApiDoc({ id: 'listWorkflowRuns', summary: "List a workflow's runs", description: `The rule's runs, newest first, each with its version, record and every action's outcome. ${ADMINS} ${NOT_FOUND}`, ok: WorkflowRunList })
  @Auth(read)
  async runs(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Query() q: WorkflowRunsQueryDto) {
    const page = await this.service.runs(auth, id, { limit: q.limit, before: before(q.cursor) });
    return { ok: true, ...workflowRunsView(page, await this.service.names(auth, page.items), auth.workspace) };
  }

  @Post('workflows/:id/run')
  @HttpCode(200)
  @ApiDoc({
    id: 'runWorkflow',
    summary: 'Run a manual workflow on a record',
    description:
      "Starts the rule (trigger `manual`) on one record of its kind and runs it now; the answer is the run as it stands (done, failed with the step's error, or waiting at a wait). " +
      `409 \`conflict\` when the rule is disabled or not manual; 400 naming \`record_kind\` for another kind; 404 when the record is not in this workspace. ${ADMINS} ${NOT_FOUND}`,
    ok: WorkflowRunResponse,
    errors: { 409: '`conflict`: the workflow is disabled, or its trigger is not manual' },
  })
  @Auth(write)
  async run(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: RunWorkflowDto) {
    const run = await this.invoker.runManual(auth, id, dto.record_kind, dto.record_id);
    return { ok: true, run: workflowRunView(run, await this.service.names(auth, [run]), auth.workspace) };
  }

  @Post('workflows/:id/simulate')
  @HttpCode(200)
  @ApiDoc({
    id: 'simulateWorkflow',
    summary: 'Simulate a workflow on past events',
    description:
      "Replays the journal's events since `since` (at most 1000) through the rule as it is now, enabled or not, and answers what it would have done, record by record; nothing is written. " +
      `A stage move asks the gates as a run would (a refusal is that step's \`failed\` with the gate's reason); it reads the records as they are now and cannot know a wait's outcome (docs/decisions/workflows.md). ${ADMINS} ${NOT_FOUND}`,
    ok: WorkflowSimulation,
  })
  @Auth(read)
  async simulate(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: SimulateWorkflowDto) {
    const sim = await this.invoker.simulate(auth, id, dto.since);
    return { ok: true, ...workflowSimulationView(sim, await this.service.names(auth, sim.runs), auth.workspace) };
  }

  @Get('workflow-runs')
  @ApiDoc({ id: 'listRecordWorkflowRuns', summary: 'List the workflow runs of a record', description: `Every rule's runs about one record, newest first, for whoever sees the record (its own GET's visibility); records and users named by name where the reader sees them. 404 \`not_found\`: the record is not there or not visible to the caller (admins see every run). First party only. ${SEE}`, ok: WorkflowRunList })
  @Auth(read)
  async recordRuns(@CurrentAuth() auth: UserContext, @Query() q: RecordRunsQueryDto) {
    const page = await this.service.runsOfRecord(auth, q.record_kind, q.record_id, { limit: q.limit, before: before(q.cursor) });
    return { ok: true, ...workflowRunsView(page, await this.service.names(auth, page.items), auth.workspace) };
  }

  @Get('workflow-runs/:id')
  @ApiDoc({ id: 'getWorkflowRun', summary: 'Get a workflow run', description: `One run with every action's outcome, for admins and for whoever sees its record. 404 \`not_found\`: no such run in this workspace, or its record is not visible to the caller. First party only.`, ok: WorkflowRunResponse })
  @Auth(read)
  async getRun(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    const run = await this.service.run(auth, id);
    return { ok: true, run: workflowRunView(run, await this.service.names(auth, [run]), auth.workspace) };
  }

  @Get('workflow-templates')
  @ApiDoc({ id: 'listWorkflowTemplates', summary: 'List workflow templates', description: `Ready-made workflows, built from this workspace's stages and SLAs (and its first chat connection: the stage SLA template posts there). ${ADMINS}`, ok: WorkflowTemplateList })
  @Auth(read)
  async templates(@CurrentAuth() auth: UserContext) {
    return { ok: true, items: (await this.service.templates(auth)).map(workflowTemplateView) };
  }

  @Post('workflow-templates/:key/install')
  @ApiDoc({ id: 'installWorkflowTemplate', summary: 'Install a workflow template', description: `Creates a disabled workflow from the template, to review and enable. ${ADMINS} 404 \`not_found\`: no such template.`, ok: WorkflowResponse, errors: { 404: '`not_found`: no such template', 409: '`conflict`: the workspace already has 100 workflows' } })
  @Auth(write)
  async install(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Body() dto: InstallTemplateDto) {
    return { ok: true, workflow: workflowView(await this.service.install(auth, key, dto.name), auth.workspace) };
  }
}
