import { z } from 'zod';
import {
  APPROVAL_FORM_EXAMPLE,
  APPROVAL_REQUEST_EXAMPLE,
  ApprovalFieldSchema,
  ApprovalFormSchema,
  ApprovalRequestSchema,
} from '../../../domain/crm/approvals/approval.view';
import { example, f, listOf, named } from '../../../edge/openapi/schema';
// registers UserSummary, which the records refer to
import '../shared/common.schema';

/** The approvals' schemas are their read model's (src/domain/crm/approvals/approval.view.ts), named here for the document. */
export const ApprovalField = named('ApprovalField', ApprovalFieldSchema, { description: 'A field of an approval list.', example: { key: 'type', label: 'Leave type', type: 'leave_type', required: true, options: ['Annual leave', 'Unpaid leave'] } });

export const ApprovalForm = named('ApprovalForm', ApprovalFormSchema, { description: 'An approval list: a form whose entries go to one approver (a leave request, a purchase approval, ...).' });
export const approvalFormExample = example(ApprovalForm, APPROVAL_FORM_EXAMPLE);

export const ApprovalFormResponse = named('ApprovalFormResponse', z.object({ ok: f.ok(), form: ApprovalForm }), {
  description: 'One approval list.',
  example: { ok: true, form: approvalFormExample },
});
export const ApprovalFormList = named('ApprovalFormList', z.object({ ok: f.ok(), forms: z.array(ApprovalForm) }), {
  description: 'The approval lists by name (not paged).',
  example: { ok: true, forms: [approvalFormExample] },
});

export const ApprovalRequest = named('ApprovalRequest', ApprovalRequestSchema, { description: 'Approval request (spec 2.17).' });
export const approvalRequestExample = example(ApprovalRequest, APPROVAL_REQUEST_EXAMPLE);

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
