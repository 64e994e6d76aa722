import { isAdmin, type UserContext } from '../../identity/auth-context';
import { summaryOf, toUserSummary } from '../../identity/user.view';
import { formatTimestamp } from '../../../platform/common/time';
import type { ApprovalRequest } from './approval-request.entity';
import type { ListView, RequestViews } from './approvals.service';

/**
 * The read model of approvals (spec 2.11): a form (an approval list) and a request, as the outside world sees them.
 * REST answers and documents them (`src/interfaces/rest/approvals/approval.schema.ts`, checked against these shapes
 * by tsc), and MCP answers the compact projections (below): ids instead of user summaries.
 */

const formFields = (v: ListView) => v.list.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, required: f.required, options: f.options }));
const workingDays = (v: ListView) => (v.list.daysStart ? { start: v.list.daysStart, end: v.list.daysEnd } : null);
const canDecide = (r: ApprovalRequest, auth: UserContext) => r.status === 'pending' && (isAdmin(auth) || r.approverId === auth.user.id);

/** An approval form. */
export const approvalFormView = (v: ListView, auth: UserContext) => ({
  id: v.list.id,
  name: v.list.name,
  approver: v.approver ? toUserSummary(v.approver, auth.workspace.app.locale) : null,
  fields: formFields(v),
  working_days: workingDays(v),
  active: v.list.active,
});

/** An approval request. */
export function approvalRequestView(r: ApprovalRequest, views: RequestViews, auth: UserContext) {
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
export const approvalFormCompact = (v: ListView) => ({
  id: v.list.id,
  name: v.list.name,
  approver_id: v.list.approverId,
  fields: formFields(v),
  working_days: workingDays(v),
});

/** The compact request the tools answer: user ids instead of summaries, no holidays. */
export const approvalRequestCompact = (r: ApprovalRequest, views: RequestViews, auth: UserContext) => ({
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
