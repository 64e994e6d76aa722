import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { ApprovalsService } from '../../../domain/crm/approvals/approvals.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import {
  ApprovalFormResponseSchema,
  ApprovalFormsQueryDto,
  ApprovalFormsResponseSchema,
  ApprovalItemResponseSchema,
  ApprovalListQueryDto,
  ApprovalListResponseSchema,
  CreateApprovalListDto,
  DecideApprovalDto,
  SubmitApprovalDto,
  UpdateApprovalListDto,
} from '../dto/approvals.dto';
import { toApprovalFormResponse, toApprovalForms, toApprovalItemResponse, toApprovalList } from '../mappers/approval.mapper';

const read = { scope: 'crm.read', module: MODULES.approvals } as const;
const write = { scope: 'crm.write', module: MODULES.approvals } as const;
/** Approval lists are workspace administration: first party only. */
const admin = { ...write, firstParty: true } as const;

@ApiTags('Approvals')
@Controller('api/v1/approvals')
export class ApprovalsController {
  constructor(private readonly service: ApprovalsService) {}

  /** The approval lists (forms) with their ids and fields. */
  @Get('forms')
  @Auth(read)
  @ApiOkResponse({ type: ApprovalFormsResponseSchema })
  async forms(@CurrentAuth() auth: UserContext, @Query() q: ApprovalFormsQueryDto) {
    return toApprovalForms(await this.service.forms(auth, q.all === 'true'), auth);
  }

  /** Admins: a new approval list. */
  @Post('forms')
  @Auth(admin)
  @ApiCreatedResponse({ type: ApprovalFormResponseSchema })
  async createForm(@CurrentAuth() auth: UserContext, @Body() dto: CreateApprovalListDto) {
    return toApprovalFormResponse(await this.service.createList(auth, dto), auth);
  }

  /** Admins: rename, change the approver or the fields, deactivate. */
  @Patch('forms/:list_id')
  @Auth(admin)
  @ApiOkResponse({ type: ApprovalFormResponseSchema })
  async updateForm(@CurrentAuth() auth: UserContext, @Param('list_id', IdPipe) id: number, @Body() dto: UpdateApprovalListDto) {
    return toApprovalFormResponse(await this.service.updateList(auth, id, dto), auth);
  }

  /** Adds an entry to the list and sends it for approval (spec 4.10). */
  @Post('forms/:list_id')
  @Auth(write)
  @ApiCreatedResponse({ type: ApprovalItemResponseSchema })
  async submit(@CurrentAuth() auth: UserContext, @Param('list_id', IdPipe) listId: number, @Body() dto: SubmitApprovalDto) {
    return toApprovalItemResponse(await this.service.submit(auth, listId, dto), auth);
  }

  /** Requests assigned to me (default), made by me, or both. */
  @Get()
  @Auth(read)
  @ApiOkResponse({ type: ApprovalListResponseSchema })
  async list(@CurrentAuth() auth: UserContext, @Query() q: ApprovalListQueryDto) {
    return toApprovalList(await this.service.list(auth, q), auth);
  }

  @Get(':id')
  @Auth(read)
  @ApiOkResponse({ type: ApprovalItemResponseSchema })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toApprovalItemResponse(await this.service.get(auth, id), auth);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Auth(write)
  @ApiOkResponse({ type: ApprovalItemResponseSchema })
  async approve(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: DecideApprovalDto) {
    return toApprovalItemResponse(await this.service.decide(auth, id, 'approved', dto.note), auth);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Auth(write)
  @ApiOkResponse({ type: ApprovalItemResponseSchema })
  async reject(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: DecideApprovalDto) {
    return toApprovalItemResponse(await this.service.decide(auth, id, 'rejected', dto.note), auth);
  }
}
