/** The workflows feature's public entry: what the interfaces may use. */
export { WorkflowsModule } from './workflows.module';
export { WorkflowsService } from './workflows.service';
export type { RunsPage, RunsQuery, WorkflowInput, WorkflowView } from './workflows.service';
export { WorkflowInvoker } from './workflow-invoker';
export type { Simulation, SimulatedRun } from './workflow-invoker';
export { WorkflowEngine } from './workflow-engine';
export { workflowTemplates } from './workflow-templates';
export type { WorkflowTemplate } from './workflow-templates';
export type { RunNames } from './workflow-run-names';
export { recordKey, starterOf } from './workflow-run-names';
export { runStepView, workflowCompact, workflowRunCompact, workflowRunsView, workflowRunView, workflowSimulationView, workflowTemplateView, workflowView } from './workflow.view';
