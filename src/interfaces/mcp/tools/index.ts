import type { ServiceOf, ToolDef } from '../mcp.tool-def';
import { activityTools } from './activities';
import { approvalTools } from './approvals';
import { calendarTools } from './calendar';
import { companyTools } from './companies';
import { customObjectTools } from './custom-objects';
import { journalTools } from './journal';
import { leadTools } from './leads';
import { opportunityTools } from './opportunities';
import { orderTools } from './orders';
import { peopleTools } from './people';
import { quickEntryTools } from './quick-entry';
import { exportTools } from './export';
import { importTools } from './imports';
import { recordTools } from './records';
import { reportExtraTools } from './report-extras';
import { reportTools } from './reports';
import { researchTools } from './research';
import { taskTools } from './tasks';
import { ticketTools } from './tickets';
import { todayTools } from './today';
import { workflowTools } from './workflows';

/**
 * Every tool, one builder per record kind (a new kind adds its file and one line here). tools/list answers the
 * reads in this order, then the writes in this order.
 */
export const TOOL_KINDS: ((get: ServiceOf) => ToolDef[])[] = [
  researchTools,
  recordTools,
  companyTools,
  peopleTools,
  opportunityTools,
  activityTools,
  taskTools,
  calendarTools,
  todayTools,
  journalTools,
  leadTools,
  orderTools,
  approvalTools,
  ticketTools,
  customObjectTools,
  quickEntryTools,
  reportTools,
  reportExtraTools,
  exportTools,
  importTools,
  workflowTools,
];
