import * as z from 'zod/v4';
import { MODULES } from '../../domain/workspace/defaults';
import { flag, id, limit, name, oneOf, text } from './mcp.args';
import * as C from './mcp.crm-mappers';
import * as CO from './mcp.crm-outputs';
import { defineTool, type ToolDef, type ToolServices } from './mcp.tool-def';

/**
 * Approvals, support tickets, custom objects and Quick Entry suggestions: each tool the REST route's
 * service call (visibility, rights, rules and events are REST's; a record the user may not see is not_found).
 */
export function serviceTools(s: ToolServices): ToolDef[] {
  return [...approvalReads(s), ...approvalWrites(s), ...ticketTools(s), ...objectTools(s), ...quickEntryTools(s)];
}

function approvalReads(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'list_approval_forms',
      title: 'List approval lists',
      description: 'The active approval lists (leave, purchase …) with their fields and approver: what submit_approval takes.',
      write: false,
      module: MODULES.approvals,
      output: z.array(CO.ApprovalForm),
      input: z.strictObject({}),
      run: async (auth) => (await s.approvals.forms(auth)).map(C.approvalForm),
    }),
    defineTool({
      name: 'list_approvals',
      title: 'List approval requests',
      description: 'Approval requests, newest first: waiting for the user\'s decision (role approver, default), made by the user (requester), or both (all; admins: every request).',
      write: false,
      module: MODULES.approvals,
      output: z.array(CO.ApprovalRequest),
      input: z.strictObject({
        role: oneOf(['approver', 'requester', 'all'], 'approver: assigned to the user (default); requester: made by the user; all: both').optional(),
        status: oneOf(['pending', 'approved', 'rejected'], 'pending, approved or rejected').optional(),
        list_id: id('approval list').optional(),
        limit: limit().optional(),
      }),
      run: async (auth, a) => {
        const page = await s.approvals.list(auth, { role: a.role, status: a.status, list_id: a.list_id, limit: a.limit ?? 20 });
        return page.items.map((r) => C.approvalRequest(r, page.views, auth));
      },
    }),
    defineTool({
      name: 'get_approval',
      title: 'Get an approval request',
      description: 'One approval request the user made, must decide, or (admins) any.',
      write: false,
      module: MODULES.approvals,
      output: CO.ApprovalRequest,
      input: z.strictObject({ id: id('approval request') }),
      run: async (auth, a) => {
        const one = await s.approvals.get(auth, a.id);
        return C.approvalRequest(one.item, one.views, auth);
      },
    }),
  ];
}

function approvalWrites(s: ToolServices): ToolDef[] {
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
      output: CO.ApprovalRequest,
      input: z.strictObject({
        list_id: id('approval list'),
        values: z.record(z.string(), z.unknown()).describe("field key -> value, by the list's fields"),
        note: text(2000, 'a note to the approver').optional(),
      }),
      run: async (auth, { list_id: listId, ...input }) => {
        const one = await s.approvals.submit(auth, listId, input);
        return C.approvalRequest(one.item, one.views, auth);
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
      output: CO.ApprovalRequest,
      input: z.strictObject({
        id: id('approval request'),
        decision: oneOf(['approved', 'rejected'], 'approved or rejected'),
        note: text(2000, 'a note to the requester').optional(),
      }),
      run: async (auth, a) => {
        const one = await s.approvals.decide(auth, a.id, a.decision, a.note);
        return C.approvalRequest(one.item, one.views, auth);
      },
    }),
  ];
}

function ticketTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'list_tickets',
      title: 'List support tickets',
      description: 'Support tickets visible to the user (theirs, their team\'s, assigned to them; admins all), newest first; filter by status, priority, company or assignee.',
      write: false,
      module: MODULES.support,
      output: z.array(CO.Ticket),
      input: z.strictObject({
        status: text(40, 'one of the workspace ticket statuses').optional(),
        priority: text(40, 'a ticket priority').optional(),
        customer_id: id('company').optional(),
        assignee_id: id('assigned user').optional(),
        limit: limit().optional(),
      }),
      choices: (c) => ({ status: c.ticket_statuses }),
      run: async (auth, a) =>
        (await s.tickets.list(auth, { status: a.status, priority: a.priority, customerId: a.customer_id, assigneeId: a.assignee_id, limit: a.limit ?? 20 })).items.map((v) => C.ticket(v, auth.workspace)),
    }),
    defineTool({
      name: 'get_ticket',
      title: 'Get a support ticket',
      description: 'One support ticket with its status, SLA due time and assignee.',
      write: false,
      module: MODULES.support,
      output: CO.Ticket,
      input: z.strictObject({ id: id('ticket') }),
      run: async (auth, a) => C.ticket(await s.tickets.get(auth, a.id), auth.workspace),
    }),
    defineTool({
      name: 'create_ticket',
      title: 'Create a support ticket',
      description: "A support ticket owned by the user, in the workspace's new-ticket status; due by the priority's SLA hours. The company defaults to the person's.",
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.support,
      output: CO.Ticket,
      input: z.strictObject({
        subject: name(300, 'what the problem is'),
        priority: text(40, "a ticket priority (the workspace's SLA levels)"),
        body: text(10000, 'details').optional(),
        who: text(200, 'who raised it, if not a contact').optional(),
        customer_id: id('company').optional(),
        person_id: id('contact who raised it').optional(),
        assignee_id: id('user to assign it to').optional(),
      }),
      run: async (auth, a) => C.ticket(await s.tickets.create(auth, a), auth.workspace),
    }),
    defineTool({
      name: 'update_ticket',
      title: 'Update a support ticket',
      description: "Change the status, priority or assignee of a ticket the user owns, is assigned, or (admins) any; only the arguments given change. assignee_id null removes the assignee.",
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.support,
      output: CO.Ticket,
      input: z.strictObject({
        id: id('ticket'),
        status: text(40, 'one of the workspace ticket statuses').optional(),
        priority: text(40, 'a ticket priority').optional(),
        assignee_id: id('user to assign it to').nullable().optional().describe('user to assign it to, or null to remove the assignee'),
      }),
      choices: (c) => ({ status: c.ticket_statuses }),
      run: async (auth, { id: ticketId, ...change }) => C.ticket(await s.tickets.update(auth, ticketId, change), auth.workspace),
    }),
  ];
}

const objectKey = () => text(64, 'object key, from list_custom_objects');
const recordValues = () => ({
  fields: z.record(z.string(), z.unknown()).optional().describe("field key -> value, by the object's fields ('' or null clears one)"),
  links: z.record(z.string(), z.unknown()).optional().describe('relation key -> record id or ids to link (a one-relation is replaced)'),
});

function objectTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'list_custom_objects',
      title: 'List custom objects',
      description: "The workspace's custom objects (record kinds beyond the CRM's own) with their fields and relations.",
      write: false,
      module: MODULES.customers,
      output: z.array(CO.CustomObject),
      input: z.strictObject({}),
      run: async (auth) => (await s.objectTypes.list(auth)).map(C.customObject),
    }),
    defineTool({
      name: 'list_custom_records',
      title: 'List custom object records',
      description: 'Records of one custom object visible to the user (own, team, without owner; admins all), newest first; active ones unless active is false.',
      write: false,
      module: MODULES.customers,
      output: z.array(CO.CustomRecord),
      input: z.strictObject({
        object: objectKey(),
        query: text(200, 'text to search for in the name').optional(),
        active: flag('false: archived records').optional(),
        limit: limit().optional(),
      }),
      run: async (auth, a) => (await s.objectRecords.list(auth, a.object, { q: a.query, active: a.active, limit: a.limit ?? 20 })).items.map((v) => C.customRecord(v, auth.workspace)),
    }),
    defineTool({
      name: 'get_custom_record',
      title: 'Get a custom object record',
      description: 'One record of a custom object with its field values and linked records.',
      write: false,
      module: MODULES.customers,
      output: CO.CustomRecord,
      input: z.strictObject({ object: objectKey(), id: id('record') }),
      run: async (auth, a) => C.customRecord(await s.objectRecords.get(auth, a.object, a.id), auth.workspace),
    }),
    defineTool({
      name: 'create_custom_record',
      title: 'Create a custom object record',
      description: "A record of a custom object, owned by the user; every required field needs a value.",
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.customers,
      output: CO.CustomRecord,
      input: z.strictObject({ object: objectKey(), name: name(200, 'record name'), ...recordValues() }),
      run: async (auth, { object, ...input }) => C.customRecord(await s.objectRecords.create(auth, object, input), auth.workspace),
    }),
    defineTool({
      name: 'update_custom_record',
      title: 'Update a custom object record',
      description: 'Change a record the user may edit: only the arguments given change; a many-relation gains the links given. active false archives it, true restores it.',
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.customers,
      output: CO.CustomRecord,
      input: z.strictObject({
        object: objectKey(),
        id: id('record'),
        name: name(200, 'new name').optional(),
        active: flag('false archives the record, true restores it').optional(),
        ...recordValues(),
        unlinks: z.record(z.string(), z.unknown()).optional().describe('relation key -> record id or ids to unlink'),
      }),
      run: async (auth, { object, id: recordId, ...input }) => C.customRecord(await s.objectRecords.update(auth, object, recordId, input), auth.workspace),
    }),
  ];
}

function quickEntryTools(s: ToolServices): ToolDef[] {
  return [
    defineTool({
      name: 'suggest_quick_entry',
      title: 'Suggest activity details from a visit note',
      description:
        "Rule-based suggestions from a visit note, as the CRM's Quick Entry makes them (nothing is saved, nothing leaves the CRM): products, price and payment terms, quantity, trial result, " +
        "next steps with dates, and with customer_id the company's people and open opportunities named in the note. Use them to fill create_activity, create_task and the rest.",
      write: false,
      module: MODULES.activities,
      output: z.array(CO.Suggestion),
      input: z.strictObject({ note: text(4000, 'the visit note'), customer_id: id('company visited').optional() }),
      run: async (auth, a) => s.quickEntry.suggest(auth, a),
    }),
  ];
}
