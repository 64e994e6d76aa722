import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { ApprovalFormList, ApprovalFormResponse, ApprovalRequestList, ApprovalRequestResponse, WorkingDaysResponse } from './approval.schema';
import { IdPipe } from '../../../edge/id.pipe';
import { ApprovalsService, type ListView, type RequestOne, type RequestPage } from '../../../domain/crm/approvals/approvals.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { ApprovalFormsQueryDto, ApprovalListQueryDto, CreateApprovalListDto, DecideApprovalDto, SubmitApprovalDto, UpdateApprovalListDto, WorkingDaysQueryDto } from './approvals.dto';
import { approvalFormView, approvalRequestView } from '../../../domain/crm/approvals/approval.view';
import { listResponse } from '../shared/common.mapper';

const read = { scope: 'crm.read', module: MODULES.approvals } as const;
const write = { scope: 'crm.write', module: MODULES.approvals } as const;
/** Approval lists are workspace administration: first party only. */
const admin = { ...write, firstParty: true } as const;
const ADMINS = 'Admins only (403 `forbidden` for other users); first party only (an OAuth token gets 403 `insufficient_scope`).';
const SEEN = 'A request is visible to its requester, its approver and admins (404 `not_found` for others).';
const DECIDE =
  'Only its approver or an admin decides it (403 `forbidden` for the requester; 404 for users who may not see it), and only once. `note` goes to the requester as `decision_note`.';

const formResponse = (v: ListView, auth: UserContext) => ({ ok: true as const, form: approvalFormView(v, auth) });
const itemResponse = (one: RequestOne, auth: UserContext) => ({ ok: true as const, item: approvalRequestView(one.item, one.views, auth) });

@ApiTags('Approvals')
@Controller('api/v1/approvals')
export class ApprovalsController {
  constructor(private readonly service: ApprovalsService) {}

  /** The approval lists (forms) with their ids and fields. */
  @Get('forms')
  @Auth(read)
  @ApiDoc({
    id: 'listApprovalForms',
    summary: 'List approval lists',
    description: 'The active approval lists by name, with their fields and approver; admins include the inactive ones with `all=true`.',
    ok: ApprovalFormList,
  })
  async forms(@CurrentAuth() auth: UserContext, @Query() q: ApprovalFormsQueryDto) {
    return { ok: true as const, forms: (await this.service.forms(auth, q.all === 'true')).map((v) => approvalFormView(v, auth)) };
  }

  /** Admins: a new approval list. */
  @Post('forms')
  @Auth(admin)
  @ApiDoc({
    id: 'createApprovalForm',
    summary: 'Create an approval list',
    description:
      'A new list with 1 to 30 typed fields (distinct keys) and its approver. A leave list names two date fields in `working_days`; they become required ' +
      `and its requests count working days. ${ADMINS}`,
    ok: ApprovalFormResponse,
  })
  async createForm(@CurrentAuth() auth: UserContext, @Body() dto: CreateApprovalListDto) {
    return formResponse(await this.service.createList(auth, dto), auth);
  }

  /** Admins: rename, change the approver or the fields, deactivate. */
  @Patch('forms/:list_id')
  @Auth(admin)
  @ApiDoc({
    id: 'updateApprovalForm',
    summary: 'Update an approval list',
    description:
      'Changes the name, approver or active flag sent; `fields` and `working_days` are one definition (`working_days: null`: no longer a leave list). ' +
      `Requests already made keep their values and approver. ${ADMINS}`,
    ok: ApprovalFormResponse,
  })
  async updateForm(@CurrentAuth() auth: UserContext, @Param('list_id', IdPipe) id: number, @Body() dto: UpdateApprovalListDto) {
    return formResponse(await this.service.updateList(auth, id, dto), auth);
  }

  /** Adds an entry to the list and sends it for approval (spec 4.10). */
  @Post('forms/:list_id')
  @Auth(write)
  @ApiDoc({
    id: 'submitApprovalRequest',
    summary: 'Submit an approval request',
    description:
      "Adds an entry to the list and sends it to the list's approver; when the caller is the approver it is approved at once. `values` are checked " +
      "against the list's fields (400 naming `values.<key>`). Leave lists compute `working_days`: weekdays from start to end without the public " +
      'holidays of constants.holiday_country. 404 `not_found`: no such list, or an inactive one.',
    spec: '4.10',
    ok: ApprovalRequestResponse,
  })
  async submit(@CurrentAuth() auth: UserContext, @Param('list_id', IdPipe) listId: number, @Body() dto: SubmitApprovalDto) {
    return itemResponse(await this.service.submit(auth, listId, dto), auth);
  }

  /** Working days of a leave, for a form that shows them while dates are picked (nothing is stored). */
  @Get('working-days')
  @Auth(read)
  @ApiDoc({
    id: 'countWorkingDays',
    summary: 'Count working days',
    description:
      'Weekdays from `start` to `end` (both included) without the public holidays of constants.holiday_country: the count a leave request ' +
      'from `start` to `end` gets. 400 `invalid` naming `start` / `end` (not a date, end before start, more than 366 days).',
    ok: WorkingDaysResponse,
  })
  countWorkingDays(@CurrentAuth() auth: UserContext, @Query() q: WorkingDaysQueryDto) {
    return { ok: true as const, start: q.start, end: q.end, ...this.service.countWorkingDays(auth, q.start, q.end) };
  }

  /** Requests assigned to me (default), made by me, or both. */
  @Get()
  @Auth(read)
  @ApiDoc({
    id: 'listApprovalRequests',
    summary: 'List approval requests',
    description:
      'A page of requests, newest first: assigned to the caller (`role=approver`, default), made by the caller (`requester`), or both (`all`; admins: ' +
      "every request). Filters `status` and `list_id`. Page with `limit` and the previous page's `next_cursor`.",
    spec: '2.17',
    ok: ApprovalRequestList,
  })
  async list(@CurrentAuth() auth: UserContext, @Query() q: ApprovalListQueryDto) {
    const page: RequestPage = await this.service.list(auth, q);
    return listResponse(page.items.map((r) => approvalRequestView(r, page.views, auth)), page.nextCursor);
  }

  @Get(':id')
  @Auth(read)
  @ApiDoc({ id: 'getApprovalRequest', summary: 'Get an approval request', description: `One request. ${SEEN}`, spec: '2.17', ok: ApprovalRequestResponse })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return itemResponse(await this.service.get(auth, id), auth);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Auth(write)
  @ApiDoc({
    id: 'approveApprovalRequest',
    summary: 'Approve a request',
    description: `Approves a pending request. ${DECIDE}`,
    ok: ApprovalRequestResponse,
    errors: { 409: '`conflict`: the request was already approved or rejected' },
  })
  async approve(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: DecideApprovalDto) {
    return itemResponse(await this.service.decide(auth, id, 'approved', dto.note), auth);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Auth(write)
  @ApiDoc({
    id: 'rejectApprovalRequest',
    summary: 'Reject a request',
    description: `Rejects a pending request. ${DECIDE}`,
    ok: ApprovalRequestResponse,
    errors: { 409: '`conflict`: the request was already approved or rejected' },
  })
  async reject(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: DecideApprovalDto) {
    return itemResponse(await this.service.decide(auth, id, 'rejected', dto.note), auth);
  }
}
