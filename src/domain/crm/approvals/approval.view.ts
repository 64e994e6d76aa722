import { isAdmin, type UserContext } from '../../identity/auth-context';
import { z } from 'zod';
import { summaryOf, toUserSummary, USER_SUMMARY_EXAMPLE, UserSummarySchema, type UserSummaryView } from '../../identity/user.view';
import { formatTimestamp } from '../../../platform/common/time';
import { field, maskOf } from '../../../platform/common/record-fields';
import { FIELD_TYPES } from './approval-fields';
import { APPROVAL_STATUSES } from './approval-request.entity';
import type { ApprovalRequest } from './approval-request.entity';
import type { ListView, RequestViews } from './approvals.service';

/**
 * The read model of approvals (spec 2.11): a form (an approval list) and a request, as the outside world sees them.
 * with their schemas. REST documents them (`src/interfaces/rest/approvals/approval.schema.ts`: ApprovalField,
 * ApprovalForm, ApprovalRequest), and MCP answers and describes the compact projections (below): ids instead of user
 * summaries. A field is declared and mapped here once.
 */

/** A typed field of an approval list (REST names it ApprovalField). */
export const ApprovalFieldSchema = z.object({
  key: z.string().meta({ description: 'the key of its value in a request\'s `values`' }),
  label: z.string(),
  type: z.enum(FIELD_TYPES).meta({ description: 'date: YYYY-MM-DD; person: a user id; checkbox: true; number; text; leave_type: one of `options`' }),
  required: z.boolean(),
  options: z.array(z.string()).meta({ description: 'choices of a leave_type field; empty for other types' }),
});

/** An approval list (a form): its fields and who decides its requests. */
export const ApprovalFormSchema = z.object({
  id: field.id(),
  name: z.string(),
  approver: UserSummarySchema.nullable().meta({ description: 'decides the requests' }),
  fields: z.array(ApprovalFieldSchema),
  working_days: z
    .object({
      start: z.string().meta({ description: 'key of the first date field (included)' }),
      end: z.string().meta({ description: 'key of the last date field (included)' }),
    })
    .nullable()
    .meta({ description: 'leave lists: the two date fields between which working days are counted; null for other lists' }),
  active: z.boolean().meta({ description: 'an inactive list takes no new requests' }),
});
export const APPROVAL_FORM_EXAMPLE: z.output<typeof ApprovalFormSchema> = {
  id: 2, name: 'Leave request', approver: USER_SUMMARY_EXAMPLE,
  fields: [
    { key: 'start', label: 'First day', type: 'date', required: true, options: [] },
    { key: 'end', label: 'Last day', type: 'date', required: true, options: [] },
    { key: 'type', label: 'Leave type', type: 'leave_type', required: true, options: ['Annual leave', 'Unpaid leave'] },
  ],
  working_days: { start: 'start', end: 'end' }, active: true,
};

const APPROVER_EXAMPLE: UserSummaryView = { id: 3, username: 'selin', full_name: 'Selin Aksoy', role: 'admin', role_label: 'Administrator' };

/** Spec 2.17: an entry of an approval list sent to its approver. */
export const ApprovalRequestSchema = z.object({
  id: field.id(),
  list_id: field.id(),
  list: z.string().meta({ description: 'name of the list' }),
  status: z.enum(['pending', 'approved', 'rejected'] satisfies typeof APPROVAL_STATUSES).meta({ description: 'a decided request does not change again' }),
  approver: UserSummarySchema.nullable(),
  requester: UserSummarySchema.nullable(),
  values: z.record(z.string(), z.unknown()).meta({ description: "field key -> value, as the list's fields type them" }),
  working_days: field.count().nullable().meta({ description: 'leave lists: weekdays from start to end that are not public holidays; null otherwise' }),
  holidays: z.array(z.object({ date: field.date(), name: z.string() })).meta({ description: 'public holidays on weekdays within the leave' }),
  note: z.string().meta({ description: "the requester's note to the approver" }),
  decision_note: z.string().meta({ description: "the approver's note to the requester" }),
  decided_by: UserSummarySchema.nullable().meta({ description: 'null while pending' }),
  created_at: field.timestamp(),
  decided_at: field.timestamp().nullable().meta({ description: 'null while pending' }),
  updated_at: field.timestamp(),
  can_decide: z.boolean().meta({ description: 'the caller may approve or reject it now (pending, and the caller is its approver or an admin)' }),
});
export const APPROVAL_REQUEST_EXAMPLE: z.output<typeof ApprovalRequestSchema> = {
  id: 58, list_id: 2, list: 'Leave request', status: 'pending', approver: APPROVER_EXAMPLE, requester: USER_SUMMARY_EXAMPLE,
  values: { start: '2026-12-28', end: '2027-01-04', type: 'Annual leave' }, working_days: 5, holidays: [{ date: '2027-01-01', name: "New Year's Day" }],
  note: 'Family visit', decision_note: '', decided_by: null, created_at: '2026-11-26T10:12:44', decided_at: null, updated_at: '2026-11-26T10:12:44', can_decide: false,
};

const formFields = (v: ListView) => v.list.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, required: f.required, options: f.options }));
const workingDays = (v: ListView) => (v.list.daysStart ? { start: v.list.daysStart, end: v.list.daysEnd } : null);
const canDecide = (r: ApprovalRequest, auth: UserContext) => r.status === 'pending' && (isAdmin(auth) || r.approverId === auth.user.id);

/** An approval form. */
export const approvalFormView = (v: ListView, auth: UserContext): z.output<typeof ApprovalFormSchema> => ({
  id: v.list.id,
  name: v.list.name,
  approver: v.approver ? toUserSummary(v.approver, auth.workspace.app.locale) : null,
  fields: formFields(v),
  working_days: workingDays(v),
  active: v.list.active,
});

/** An approval request. */
export function approvalRequestView(r: ApprovalRequest, views: RequestViews, auth: UserContext): z.output<typeof ApprovalRequestSchema> {
  const ws = auth.workspace;
  const locale = ws.app.locale;
  return {
    id: r.id,
    list_id: r.listId,
    list: views.lists.get(r.listId)?.name ?? '',
    status: r.status,
    approver: summaryOf(views.users, r.approverId, locale),
    requester: summaryOf(views.users, r.requesterId, locale),
    values: r.values,
    working_days: r.computed.working_days ?? null,
    holidays: r.computed.holidays ?? [],
    note: r.note,
    decision_note: r.decisionNote,
    decided_by: summaryOf(views.users, r.decidedBy, locale),
    created_at: formatTimestamp(r.createdAt, ws.timezone),
    decided_at: formatTimestamp(r.decidedAt, ws.timezone),
    updated_at: formatTimestamp(r.updatedAt, ws.timezone),
    can_decide: canDecide(r, auth),
  };
}

/** The compact form the tools answer: the approver's id, no `active` (the tools list active forms only). */
export const ApprovalFormCompact = ApprovalFormSchema.omit(maskOf(['approver', 'active'])).extend({ approver_id: field.id() });

export const approvalFormCompact = (v: ListView): z.output<typeof ApprovalFormCompact> => ({
  id: v.list.id,
  name: v.list.name,
  approver_id: v.list.approverId,
  fields: formFields(v),
  working_days: workingDays(v),
});

/** The compact request the tools answer: user ids instead of summaries, no holidays. */
export const ApprovalRequestCompact = ApprovalRequestSchema.omit(maskOf(['approver', 'requester', 'holidays', 'updated_at'])).extend({
  approver_id: field.id(),
  requester_id: field.id(),
  decided_by: field.id().nullable().meta({ description: 'user id of who decided; null while pending' }),
});

export const approvalRequestCompact = (r: ApprovalRequest, views: RequestViews, auth: UserContext): z.output<typeof ApprovalRequestCompact> => ({
  id: r.id,
  list_id: r.listId,
  list: views.lists.get(r.listId)?.name ?? '',
  status: r.status,
  approver_id: r.approverId,
  requester_id: r.requesterId,
  values: r.values,
  working_days: r.computed.working_days ?? null,
  note: r.note,
  decision_note: r.decisionNote,
  decided_by: r.decidedBy,
  created_at: formatTimestamp(r.createdAt, auth.workspace.timezone),
  decided_at: formatTimestamp(r.decidedAt, auth.workspace.timezone),
  can_decide: canDecide(r, auth),
});
