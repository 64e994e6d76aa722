import { z } from 'zod';
import type { approvalFormView, approvalRequestView } from '../../../domain/crm/approvals/approval.view';
import { FIELD_TYPES } from '../../../domain/crm/approvals/approval-fields';
import { APPROVAL_STATUSES } from '../../../domain/crm/approvals/approval-request.entity';
import { example, f, listOf, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import { UserSummary, userSummaryExample } from '../shared/common.schema';

/** A typed field of an approval list. */
export const ApprovalField = named(
  'ApprovalField',
  z.object({
    key: z.string().meta({ description: 'the key of its value in a request\'s `values`' }),
    label: z.string(),
    type: z.enum(FIELD_TYPES).meta({ description: 'date: YYYY-MM-DD; person: a user id; checkbox: true; number; text; leave_type: one of `options`' }),
    required: z.boolean(),
    options: z.array(z.string()).meta({ description: 'choices of a leave_type field; empty for other types' }),
  }),
  { description: 'A field of an approval list.', example: { key: 'type', label: 'Leave type', type: 'leave_type', required: true, options: ['Annual leave', 'Unpaid leave'] } },
);

/** An approval list (a form): its fields and who decides its requests. */
export const ApprovalForm = named(
  'ApprovalForm',
  z.object({
    id: f.id(),
    name: z.string(),
    approver: UserSummary.nullable().meta({ description: 'decides the requests' }),
    fields: z.array(ApprovalField),
    working_days: z
      .object({
        start: z.string().meta({ description: 'key of the first date field (included)' }),
        end: z.string().meta({ description: 'key of the last date field (included)' }),
      })
      .nullable()
      .meta({ description: 'leave lists: the two date fields between which working days are counted; null for other lists' }),
    active: z.boolean().meta({ description: 'an inactive list takes no new requests' }),
  }),
  { description: 'An approval list: a form whose entries go to one approver (a leave request, a purchase approval, ...).' },
);
export const approvalFormExample = example(ApprovalForm, {
  id: 2, name: 'Leave request', approver: userSummaryExample,
  fields: [
    { key: 'start', label: 'First day', type: 'date', required: true, options: [] },
    { key: 'end', label: 'Last day', type: 'date', required: true, options: [] },
    { key: 'type', label: 'Leave type', type: 'leave_type', required: true, options: ['Annual leave', 'Unpaid leave'] },
  ],
  working_days: { start: 'start', end: 'end' }, active: true,
});

export const ApprovalFormResponse = named('ApprovalFormResponse', z.object({ ok: f.ok(), form: ApprovalForm }), {
  description: 'One approval list.',
  example: { ok: true, form: approvalFormExample },
});
export const ApprovalFormList = named('ApprovalFormList', z.object({ ok: f.ok(), forms: z.array(ApprovalForm) }), {
  description: 'The approval lists by name (not paged).',
  example: { ok: true, forms: [approvalFormExample] },
});

const approver = { id: 3, username: 'selin', full_name: 'Selin Aksoy', role: 'admin', role_label: 'Administrator' };

/** Spec 2.17: an entry of an approval list sent to its approver. */
export const ApprovalRequest = named(
  'ApprovalRequest',
  z.object({
    id: f.id(),
    list_id: f.id(),
    list: z.string().meta({ description: 'name of the list' }),
    status: z.enum(['pending', 'approved', 'rejected'] satisfies typeof APPROVAL_STATUSES).meta({ description: 'a decided request does not change again' }),
    approver: UserSummary.nullable(),
    requester: UserSummary.nullable(),
    values: z.record(z.string(), z.unknown()).meta({ description: "field key -> value, as the list's fields type them" }),
    working_days: f.count().nullable().meta({ description: 'leave lists: weekdays from start to end that are not public holidays; null otherwise' }),
    holidays: z.array(z.object({ date: f.date(), name: z.string() })).meta({ description: 'public holidays on weekdays within the leave' }),
    note: z.string().meta({ description: "the requester's note to the approver" }),
    decision_note: z.string().meta({ description: "the approver's note to the requester" }),
    decided_by: UserSummary.nullable().meta({ description: 'null while pending' }),
    created_at: f.timestamp(),
    decided_at: f.timestamp().nullable().meta({ description: 'null while pending' }),
    updated_at: f.timestamp(),
    can_decide: z.boolean().meta({ description: 'the caller may approve or reject it now (pending, and the caller is its approver or an admin)' }),
  }),
  { description: 'Approval request (spec 2.17).' },
);
export const approvalRequestExample = example(ApprovalRequest, {
  id: 58, list_id: 2, list: 'Leave request', status: 'pending', approver, requester: userSummaryExample,
  values: { start: '2026-12-28', end: '2027-01-04', type: 'Annual leave' }, working_days: 5, holidays: [{ date: '2027-01-01', name: "New Year's Day" }],
  note: 'Family visit', decision_note: '', decided_by: null, created_at: '2026-11-26T10:12:44', decided_at: null, updated_at: '2026-11-26T10:12:44', can_decide: false,
});

export const ApprovalRequestResponse = named('ApprovalRequestResponse', z.object({ ok: f.ok(), item: ApprovalRequest }), {
  description: 'One approval request.',
  example: { ok: true, item: approvalRequestExample },
});
export const ApprovalRequestList = listOf('ApprovalRequestList', ApprovalRequest, 'A page of approval requests, newest first.');

/** Working days between two dates by the leave rules (shown while the user picks dates). */
export const WorkingDaysResponse = named(
  'WorkingDaysResponse',
  z.object({
    ok: f.ok(),
    start: f.date(),
    end: f.date(),
    working_days: f.count().meta({ description: 'weekdays from start to end (both included) that are not public holidays of constants.holiday_country' }),
    holidays: z.array(z.object({ date: f.date(), name: z.string() })).meta({ description: 'public holidays on weekdays within the range (not counted)' }),
  }),
  {
    description: 'The working days of a leave from start to end.',
    example: { ok: true, start: '2026-12-28', end: '2027-01-04', working_days: 5, holidays: [{ date: '2027-01-01', name: "New Year's Day" }] },
  },
);

/** The domain's read model is what these schemas document (src/domain/crm/approvals/approval.view.ts). */
export type ApprovalFormViewFits = Assert<Conforms<ReturnType<typeof approvalFormView>, typeof ApprovalForm>>;
export type ApprovalRequestViewFits = Assert<Conforms<ReturnType<typeof approvalRequestView>, typeof ApprovalRequest>>;
