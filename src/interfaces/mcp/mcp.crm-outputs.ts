import * as z from 'zod/v4';
import { ApprovalFormCompact, ApprovalRequestCompact } from '../../domain/crm/approvals/approval.view';
import { ImportJobCompact } from '../../domain/crm/imports/import.view';
import { CustomObjectCompact, CustomRecordCompact } from '../../domain/crm/objects/object.view';
import { OrderRowSchema } from '../../domain/crm/orders/order-row';
import { Lead } from './mcp.outputs';

/**
 * Output schemas of the order PO, lead conversion, approval, custom object, Quick Entry and import tools: a record's is
 * the compact projection its read model declares (`src/domain/crm/<kind>/<kind>.view.ts`); the answers that wrap one
 * (a PO change, a conversion) and Quick Entry's suggestions are declared here. `run` must answer their input type, as
 * in `mcp.outputs.ts`.
 */

export const OrderPo = z.object({ changed: z.boolean().describe('false when the PO was already this (nothing was written)'), order: OrderRowSchema });

export const LeadConversion = z.object({
  created: z.int().describe('people created as new contacts'),
  linked: z.int().describe('people linked to existing contacts'),
  customer: z.string().describe("the company's name"),
  customer_id: z.int().describe('the company the lead became or was linked to'),
  opp_id: z.int().nullable().describe('the opportunity created or linked, or null'),
  task_id: z.int().nullable().describe("the follow-up task made of the lead's next action, or null"),
  message: z.string(),
  lead: Lead,
});

/** Approvals: the compact projections of their read model (src/domain/crm/approvals/approval.view.ts). */
export const ApprovalForm = ApprovalFormCompact;
export const ApprovalRequest = ApprovalRequestCompact;

/** Custom objects: the compact projections of their read model (src/domain/crm/objects/object.view.ts). */
export const CustomObject = CustomObjectCompact;
export const CustomRecord = CustomRecordCompact;

export const Suggestion = z.object({
  id: z.string(),
  kind: z.string().describe('block, or a next-step kind (one of the workspace next actions)'),
  label: z.string().describe('what to show the user'),
  block: z.string().describe('the Quick Entry block it fills'),
  fields: z.record(z.string(), z.string()).describe('field -> suggested value'),
});

/** An import job as `import_status` answers it: the compact projection of its read model (src/domain/crm/imports/import.view.ts). */
export const ImportStatus = ImportJobCompact;
