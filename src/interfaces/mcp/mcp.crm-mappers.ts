import type { ListView, RequestViews } from '../../domain/crm/approvals/approvals.service';
import type { ApprovalRequest } from '../../domain/crm/approvals/approval-request.entity';
import type { ImportJob } from '../../domain/crm/imports';
import type { ObjectType } from '../../domain/crm/objects/object-type.entity';
import type { RecordView } from '../../domain/crm/objects/object-views';
import { emptyValue } from '../../domain/crm/objects/objects.rules';
import { isAdmin, type UserContext } from '../../domain/identity/auth-context';
import type { Workspace } from '../../domain/workspace/workspace.entity';
import { formatTimestamp } from '../../platform/common/time';

/** Compact JSON of orders' neighbours (approvals, tickets, custom records, conversions) for the tools. Orders use the domain's `toOrderRow`. */

export const approvalForm = ({ list: l }: ListView) => ({
  id: l.id,
  name: l.name,
  approver_id: l.approverId,
  fields: l.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, required: f.required, options: f.options })),
  working_days: l.daysStart ? { start: l.daysStart, end: l.daysEnd } : null,
});

export const approvalRequest = (r: ApprovalRequest, views: RequestViews, auth: UserContext) => ({
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
  can_decide: r.status === 'pending' && (isAdmin(auth) || r.approverId === auth.user.id),
});

export const customObject = (t: ObjectType) => ({
  key: t.key,
  label: t.label,
  fields: t.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, options: f.options, required: f.required })),
  relations: t.relations.map((r) => ({ key: r.key, label: r.label, kind: r.kind, object: r.object, many: r.many })),
});

export const customRecord = (v: RecordView, ws: Workspace) => ({
  id: v.record.id,
  object: v.type.key,
  name: v.record.name,
  active: v.record.active,
  owner_id: v.record.ownerId,
  editable: v.editable,
  fields: Object.fromEntries(v.type.fields.map((f) => [f.key, v.record.data[f.key] ?? emptyValue(f)])),
  relations: v.relations.map((r) => ({ key: r.key, label: r.label, kind: r.kind, side: r.side, items: r.items.map((i) => ({ id: i.id, name: i.name })) })),
  updated_at: formatTimestamp(v.record.updatedAt, ws.timezone),
});

/** An import job's state, counts and progress (`import_status`). */
export const importStatus = (j: ImportJob, ws: Workspace) => ({
  id: j.id,
  state: j.state,
  file_name: j.fileName,
  target: j.target,
  mode: j.mode,
  match_key: j.matchKey,
  total_rows: j.totalRows,
  rows_done: j.rowsDone,
  progress: j.totalRows > 0 ? Math.min(100, Math.floor((j.rowsDone * 100) / j.totalRows)) : ['completed', 'reverting', 'reverted'].includes(j.state) ? 100 : 0,
  validation: j.validation,
  result: j.result,
  revert: j.revert ? { deleted: Number(j.revert.deleted ?? 0), restored: Number(j.revert.restored ?? 0), kept_count: Number(j.revert.kept_count ?? 0) } : null,
  error: j.error,
  created_by: j.userId,
  created_at: formatTimestamp(j.createdAt, ws.timezone),
  finished_at: j.finishedAt ? formatTimestamp(j.finishedAt, ws.timezone) : null,
});
