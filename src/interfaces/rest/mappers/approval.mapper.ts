import { formatTimestamp } from '../../../platform/common/time';
import type { ApprovalList } from '../../../domain/crm/approvals/approval-list.entity';
import type { ApprovalRequest } from '../../../domain/crm/approvals/approval-request.entity';
import type { ListView, RequestOne, RequestPage, RequestViews } from '../../../domain/crm/approvals/approvals.service';
import type { UserContext } from '../../../domain/identity/auth-context';
import { isAdmin } from '../../../domain/identity/auth-context';
import { listResponse, summaryOf } from './common.mapper';
import { toUserSummary } from '../../../domain/identity/user.view';
import type { z } from 'zod';
import type { ApprovalForm, ApprovalFormList, ApprovalFormResponse, ApprovalRequest as ApprovalRequestSchema, ApprovalRequestList, ApprovalRequestResponse } from '../schemas/approval.schema';

export function toApprovalForm(v: ListView, auth: UserContext): z.output<typeof ApprovalForm> {
  const l: ApprovalList = v.list;
  return {
    id: l.id,
    name: l.name,
    approver: v.approver ? toUserSummary(v.approver, auth.workspace.app.locale) : null,
    fields: l.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, required: f.required, options: f.options })),
    working_days: l.daysStart ? { start: l.daysStart, end: l.daysEnd } : null,
    active: l.active,
  };
}

export const toApprovalForms = (views: ListView[], auth: UserContext): z.output<typeof ApprovalFormList> => ({ ok: true as const, forms: views.map((v) => toApprovalForm(v, auth)) });
export const toApprovalFormResponse = (v: ListView, auth: UserContext): z.output<typeof ApprovalFormResponse> => ({ ok: true as const, form: toApprovalForm(v, auth) });

export function toApprovalItem(r: ApprovalRequest, views: RequestViews, auth: UserContext): z.output<typeof ApprovalRequestSchema> {
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
    can_decide: r.status === 'pending' && (isAdmin(auth) || r.approverId === auth.user.id),
  };
}

export const toApprovalItemResponse = (one: RequestOne, auth: UserContext): z.output<typeof ApprovalRequestResponse> => ({ ok: true as const, item: toApprovalItem(one.item, one.views, auth) });
export const toApprovalList = (page: RequestPage, auth: UserContext): z.output<typeof ApprovalRequestList> => listResponse(page.items.map((r) => toApprovalItem(r, page.views, auth)), page.nextCursor);
