import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { id, limit, oneOf, text } from '../mcp.args';
import { approvalFormCompact, approvalRequestCompact } from '../../../domain/crm/approvals/approval.view';
import { ApprovalForm, ApprovalRequest } from '../mcp.crm-outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { ApprovalsService } from '../../../domain/crm/approvals/approvals.service';

/** The domain services these tools call. */
const services = (get: ServiceOf) => ({ approvals: get(ApprovalsService) });
type Services = ReturnType<typeof services>;

/**
 * Approval lists and requests (the approvals module): each the REST route's service call (a request the user may not
 * see is not_found).
 */
export function approvalTools(get: ServiceOf): ToolDef[] {
  const s = services(get);
  return [...approvalReads(s), ...approvalWrites(s)];
}

/** The lists and the requests the user may see. */
function approvalReads(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'list_approval_forms',
      title: 'List approval lists',
      description: 'The active approval lists (leave, purchase …) with their fields and approver: what submit_approval takes.',
      write: false,
      module: MODULES.approvals,
      output: z.array(ApprovalForm),
      input: z.strictObject({}),
      run: async (auth) => (await s.approvals.forms(auth)).map(approvalFormCompact),
    }),
    defineTool({
      name: 'list_approvals',
      title: 'List approval requests',
      description: 'Approval requests, newest first: waiting for the user\'s decision (role approver, default), made by the user (requester), or both (all; admins: every request).',
      write: false,
      module: MODULES.approvals,
      output: z.array(ApprovalRequest),
      input: z.strictObject({
        role: oneOf(['approver', 'requester', 'all'], 'approver: assigned to the user (default); requester: made by the user; all: both').optional(),
        status: oneOf(['pending', 'approved', 'rejected'], 'pending, approved or rejected').optional(),
        list_id: id('approval list').optional(),
        limit: limit().optional(),
      }),
      run: async (auth, a) => {
        const page = await s.approvals.list(auth, { role: a.role, status: a.status, list_id: a.list_id, limit: a.limit ?? 20 });
        return page.items.map((r) => approvalRequestCompact(r, page.views, auth));
      },
    }),
    defineTool({
      name: 'get_approval',
      title: 'Get an approval request',
      description: 'One approval request the user made, must decide, or (admins) any.',
      write: false,
      module: MODULES.approvals,
      output: ApprovalRequest,
      input: z.strictObject({ id: id('approval request') }),
      run: async (auth, a) => {
        const one = await s.approvals.get(auth, a.id);
        return approvalRequestCompact(one.item, one.views, auth);
      },
    }),
  ];
}

/** A new request, and the approver's decision. */
function approvalWrites(s: Services): ToolDef[] {
  return [
    defineTool({
      name: 'submit_approval',
      title: 'Submit an approval request',
      description:
        "Add an entry to an approval list (list_approval_forms) and send it to the list's approver; values by the list's field keys (dates YYYY-MM-DD, person = user id). A leave counts its working days.",
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.approvals,
      output: ApprovalRequest,
      input: z.strictObject({
        list_id: id('approval list'),
        values: z.record(z.string(), z.unknown()).describe("field key -> value, by the list's fields"),
        note: text(2000, 'a note to the approver').optional(),
      }),
      run: async (auth, { list_id: listId, ...input }) => {
        const one = await s.approvals.submit(auth, listId, input);
        return approvalRequestCompact(one.item, one.views, auth);
      },
    }),
    defineTool({
      name: 'decide_approval',
      title: 'Approve or reject a request',
      description: 'Approve or reject a pending request the user is the approver of (or any, for admins). A request is decided once; a second decision is refused.',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.approvals,
      output: ApprovalRequest,
      input: z.strictObject({
        id: id('approval request'),
        decision: oneOf(['approved', 'rejected'], 'approved or rejected'),
        note: text(2000, 'a note to the requester').optional(),
      }),
      run: async (auth, a) => {
        const one = await s.approvals.decide(auth, a.id, a.decision, a.note);
        return approvalRequestCompact(one.item, one.views, auth);
      },
    }),
  ];
}
approvalTools.place = 130;
