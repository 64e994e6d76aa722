import * as z from 'zod/v4';
import { ApprovalFormCompact, ApprovalRequestCompact } from '../../domain/crm/approvals/approval.view';
import { ImportJobCompact } from '../../domain/crm/imports/import.view';
import { OrderRowSchema } from '../../domain/crm/orders/order-row';
import { Lead } from './mcp.outputs';

/**
 * Output schemas of the order PO, lead conversion, approval, custom object and Quick Entry tools
 * (the shapes of the domain read models' compact projections, `src/domain/crm/<kind>/<kind>.view.ts`;
 * `run` must answer their input type, as in `mcp.outputs.ts`).
 */

const when = (what: string) => z.string().nullable().describe(`${what} (YYYY-MM-DDTHH:mm:ss, the workspace's local time), or null`);

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

export const CustomObject = z.object({
  key: z.string().describe('object key (the custom record tools take it as `object`)'),
  label: z.string(),
  fields: z.array(z.object({ key: z.string(), label: z.string(), type: z.string(), options: z.array(z.string()), required: z.boolean() })).describe("the records' fields"),
  relations: z
    .array(z.object({ key: z.string(), label: z.string(), kind: z.string().describe('company, person, opportunity or object'), object: z.string().describe("kind object: the target object's key"), many: z.boolean() }))
    .describe('links to other records (`links` takes relation key -> id or ids)'),
});

export const CustomRecord = z.object({
  id: z.int().describe('record id'),
  object: z.string().describe('object key'),
  name: z.string(),
  active: z.boolean().describe('false: archived'),
  owner_id: z.int().nullable(),
  editable: z.boolean(),
  fields: z.record(z.string(), z.unknown()).describe('field key -> value'),
  relations: z
    .array(z.object({ key: z.string(), label: z.string(), kind: z.string(), side: z.string().describe("out: the record's own relation; in: another object's pointing at it"), items: z.array(z.object({ id: z.int(), name: z.string() })) }))
    .describe('linked records'),
  updated_at: when('last changed'),
});

export const Suggestion = z.object({
  id: z.string(),
  kind: z.string().describe('block, or a next-step kind (one of the workspace next actions)'),
  label: z.string().describe('what to show the user'),
  block: z.string().describe('the Quick Entry block it fills'),
  fields: z.record(z.string(), z.string()).describe('field -> suggested value'),
});

/** An import job as `import_status` answers it: the compact projection of its read model (src/domain/crm/imports/import.view.ts). */
export const ImportStatus = ImportJobCompact;
