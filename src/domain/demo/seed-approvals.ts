import { randomBytes } from 'node:crypto';
import type { TenantDb } from '../../platform/database/tenant-db';
import type { JsonMap } from '../../platform/database/tenant-entity';
import { addDays, todayIn } from '../../platform/common/time';
import type { ApprovalField } from '../crm/approvals/approval-fields';
import { ApprovalList } from '../crm/approvals/approval-list.entity';
import { ApprovalRequest, ApprovalStatus } from '../crm/approvals/approval-request.entity';
import { workingDays } from '../crm/approvals/working-days';
import { Mailbox } from '../crm/email/mailbox.entity';
import { WebForm } from '../crm/forms/web-form.entity';
import { User } from '../identity/user.entity';
import type { Workspace } from '../workspace/workspace.entity';

const LEAVE_FIELDS: ApprovalField[] = [
  { key: 'type', label: 'Leave type', type: 'leave_type', required: true, options: ['Annual leave', 'Sick leave', 'Unpaid leave', 'Compensatory leave'] },
  { key: 'start', label: 'First day', type: 'date', required: true, options: [] },
  { key: 'end', label: 'Last day', type: 'date', required: true, options: [] },
  { key: 'stand_in', label: 'Stand-in', type: 'person', required: false, options: [] },
  { key: 'handover_done', label: 'Handover done', type: 'checkbox', required: false, options: [] },
];

const PURCHASE_FIELDS: ApprovalField[] = [
  { key: 'item', label: 'Item', type: 'text', required: true, options: [] },
  { key: 'supplier', label: 'Supplier', type: 'text', required: false, options: [] },
  { key: 'amount', label: 'Amount (EUR)', type: 'number', required: true, options: [] },
  { key: 'needed_by', label: 'Needed by', type: 'date', required: false, options: [] },
];

/**
 * Sample approval lists (a leave request and a purchase approval) with requests in every status, a
 * website form and a connected mailbox for the first team member. All flagged as sample data (no
 * events). Runs once per workspace: a second run finds the sample lists and adds nothing.
 */
export async function seedApprovals(m: TenantDb, ws: Workspace, team: User[]): Promise<{ approval_lists: number; approval_requests: number; forms: number; mailboxes: number }> {
  const none = { approval_lists: 0, approval_requests: 0, forms: 0, mailboxes: 0 };
  if (!team.length || (await m.exists(ApprovalList, { isSample: true }))) return none;
  const admin = (await m.findOne(User, { where: { role: 'admin', active: true }, order: { id: 'ASC' } })) ?? team[0]!;
  const [first, second = first!, third = first!] = team as [User, User?, User?];
  const today = todayIn(ws.timezone);

  const leave = await m.save(ApprovalList, m.create(ApprovalList, { workspaceId: ws.id, name: 'Leave request', fields: LEAVE_FIELDS, daysStart: 'start', daysEnd: 'end', approverId: admin.id, active: true, isSample: true }));
  const purchase = await m.save(ApprovalList, m.create(ApprovalList, { workspaceId: ws.id, name: 'Purchase approval', fields: PURCHASE_FIELDS, daysStart: '', daysEnd: '', approverId: admin.id, active: true, isSample: true }));

  const requests: { list: ApprovalList; by: User; values: JsonMap; status: ApprovalStatus; note: string; decision?: string }[] = [
    { list: leave, by: first, values: { type: 'Annual leave', start: addDays(today, 14), end: addDays(today, 20), stand_in: second.id, handover_done: true }, status: 'pending', note: 'Family visit' },
    { list: leave, by: second, values: { type: 'Annual leave', start: '2026-10-26', end: '2026-10-30', stand_in: first.id }, status: 'approved', note: 'Republic Day week', decision: 'Enjoy!' },
    { list: leave, by: third, values: { type: 'Unpaid leave', start: '2026-05-25', end: '2026-05-29' }, status: 'rejected', note: 'Bayram trip', decision: 'Fair season: please pick another week.' },
    { list: purchase, by: first, values: { item: 'Sample cutter for trials', supplier: 'Teknik Makina', amount: 1850, needed_by: addDays(today, 10) }, status: 'pending', note: 'Needed for the Marmara trial' },
  ];
  for (const r of requests) {
    const computed = r.list.daysStart ? workingDays(r.values.start as string, r.values.end as string, ws.constants.holiday_country ?? 'TR') : {};
    const decided = r.status !== 'pending';
    await m.insert(ApprovalRequest, {
      workspaceId: ws.id,
      listId: r.list.id,
      requesterId: r.by.id,
      approverId: r.list.approverId,
      status: r.status,
      values: r.values,
      computed,
      note: r.note,
      decisionNote: r.decision ?? '',
      decidedBy: decided ? r.list.approverId : null,
      decidedAt: decided ? new Date() : null,
      isSample: true,
    });
  }

  await m.insert(WebForm, {
    workspaceId: ws.id,
    name: 'Website contact form',
    publicKey: randomBytes(12).toString('base64url'),
    ownerId: first.id,
    fields: [
      { key: 'product', label: 'Product of interest', required: false },
      { key: 'volume', label: 'Yearly volume', required: false },
    ],
    active: true,
    isSample: true,
  });

  let mailboxes = 0;
  if (!(await m.exists(Mailbox, { userId: first.id }))) {
    await m.insert(Mailbox, { workspaceId: ws.id, userId: first.id, connected: true, email: first.email, status: 'connected', error: '', signature: `${first.fullName}\nSales` });
    mailboxes = 1;
  }
  return { approval_lists: 2, approval_requests: requests.length, forms: 1, mailboxes };
}
