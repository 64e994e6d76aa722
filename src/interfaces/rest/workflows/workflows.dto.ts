import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { CRM_EVENT_NAMES } from '../../../domain/crm/event-kinds';
import { ACTION_TYPES, ASSIGNEE_KINDS, EMAIL_RECIPIENTS, MAX_ACTIONS, RECORD_KINDS, TIME_WATCHES, TRIGGER_KINDS } from '../../../domain/crm/workflows/workflows.rules';
import { WebhookFilterDto } from '../webhooks/webhooks.dto';
import { IfPresent, INT_MAX, IsId, NotBlank, NullClears, PageCursor, PageLimit } from '../shared/fields';

/** OpenAPI shapes of a definition; the domain checks them (workflows.rules.ts) and names the bad part. */
export class WorkflowTriggerDto {
  @ApiProperty({ enum: TRIGGER_KINDS, description: '`event`, `manual`, `hook` or `time`' }) kind: string;
  @ApiPropertyOptional({ enum: CRM_EVENT_NAMES, description: 'kind `event`: the event kind (spec 6.1)' }) event?: string;
  @ApiPropertyOptional({ type: WebhookFilterDto, nullable: true, description: "kind `event`: a filter on the event's `data`, as webhook filters" }) filter?: object | null;
  @ApiPropertyOptional({ enum: RECORD_KINDS, description: 'kind `manual`: the kind of record' }) record_kind?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'kind `hook`: the inbound hook whose records start it' }) hook_id?: number;
  @ApiPropertyOptional({ enum: TIME_WATCHES, description: 'kind `time`: what it watches' }) watch?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 365, description: 'kind `time`: days past the date' }) days?: number;
  @ApiPropertyOptional({ description: 'kind `time`, watch `opportunity_in_stage`: a stage of the workspace' }) stage?: string;
}

export class WorkflowAssigneeDto {
  @ApiProperty({ enum: ASSIGNEE_KINDS }) kind: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1 }) user_id?: number;
  @ApiPropertyOptional({ type: 'integer', isArray: true, minItems: 1, maxItems: 50, description: 'round_robin: taken in turn' }) user_ids?: number[];
}

export class WorkflowActionDto {
  @ApiProperty({ enum: ACTION_TYPES }) type: string;
  @ApiPropertyOptional({ type: WebhookFilterDto, nullable: true, description: 'run only when this holds on the context (event `data`, `record.*`)' }) when?: object | null;
  @ApiPropertyOptional({ maxLength: 200, description: 'create_task, add_calendar_entry; `{{field}}` takes a value of the context' }) title?: string;
  @ApiPropertyOptional({ maxLength: 4000, description: 'create_task' }) description?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 365, description: "create_task; create_order: the order's due date in days after the run" }) due_in_days?: number;
  @ApiPropertyOptional({ description: 'create_task: a path into the context holding the due date (`record.next_date`)' }) due_field?: string;
  @ApiPropertyOptional({ description: "create_task: a task priority of the workspace" }) priority?: string;
  @ApiPropertyOptional({ type: WorkflowAssigneeDto, description: 'create_task (default owner), assign_owner' }) assignee?: WorkflowAssigneeDto;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }], nullable: true }, description: 'update_fields: field → value; create_record: field key of the object → a path into the context (`record.value`)' }) fields?: object;
  @ApiPropertyOptional({ maxLength: 4000, description: "add_note (≤ 4000), post_chat (≤ 2000), create_order (the order's note, ≤ 2000: a draft from the opportunity's company, product, quantity and offer price); `{{opportunity.name}}`, `{{company.name}}`, `{{owner.full_name}}` and any `{{record.field}}` take their values" }) text?: string;
  @ApiPropertyOptional({ enum: EMAIL_RECIPIENTS, description: "send_email: the record's owner (default) or its company's main contact" }) to?: string;
  @ApiPropertyOptional({ maxLength: 200, description: 'send_email: one line; `{{…}}` values as in text' }) subject?: string;
  @ApiPropertyOptional({ maxLength: 10000, description: "send_email: plain text with `{{…}}` values (escaped in the HTML part); sent through the owner's connected mailbox, else the service's SMTP_URL" }) body?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'post_chat: a chat connection (Slack, Teams, Google Chat, Discord, Telegram); call_webhook: a webhook connection (signed, Standard Webhooks)' }) connection_id?: number;
  @ApiPropertyOptional({ description: 'create_record: the key of a custom object' }) object?: string;
  @ApiPropertyOptional({ maxLength: 200, description: 'create_record: the new record\'s name, `{{…}}` values as in text' }) name?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 365, description: 'add_calendar_entry' }) in_days?: number;
  @ApiPropertyOptional({ pattern: '^\\d{2}:\\d{2}$', description: 'add_calendar_entry: HH:mm, default 09:00' }) at?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 5, maximum: 1440, description: 'add_calendar_entry, default 30' }) duration_min?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 129600, description: 'wait' }) minutes?: number;
  @ApiPropertyOptional({ type: WebhookFilterDto, description: 'branch: the condition' }) if?: object;
  @ApiPropertyOptional({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'branch: actions when it holds (no branch or wait inside)' }) then?: object[];
  @ApiPropertyOptional({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'branch: actions otherwise' }) else?: object[];
}

const DEF = 'A bad part is 400 `invalid` naming it (`actions[1].assignee.user_id`).';

export class CreateWorkflowDto {
  @ApiProperty({ maxLength: 200 }) @IsString() @NotBlank() @MaxLength(200) name: string;
  @ApiPropertyOptional({ maxLength: 2000 }) @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ApiProperty({ type: WorkflowTriggerDto, description: `what starts a run. ${DEF}` }) @IsObject() trigger: object;
  @ApiPropertyOptional({ type: WebhookFilterDto, nullable: true, description: 'conditions on the context; null or absent: always' }) @IsOptional() @IsObject() conditions?: object | null;
  @ApiProperty({ type: [WorkflowActionDto], maxItems: MAX_ACTIONS, description: `1 to ${MAX_ACTIONS} actions, in order` }) @IsArray() @ArrayMaxSize(MAX_ACTIONS) actions: object[];
  @ApiPropertyOptional({ description: 'default false: a new rule waits to be enabled' }) @IsOptional() @IsBoolean() enabled?: boolean;
}

@NullClears()
export class UpdateWorkflowDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IfPresent() @IsString() @NotBlank() @MaxLength(200) name?: string;
  @ApiPropertyOptional({ maxLength: 2000 }) @IfPresent() @IsString() @MaxLength(2000) description?: string;
  @ApiPropertyOptional({ type: WorkflowTriggerDto }) @IfPresent() @IsObject() trigger?: object;
  @ApiPropertyOptional({ type: WebhookFilterDto, nullable: true, description: 'null removes the conditions' }) @IsOptional() @IsObject() conditions?: object | null;
  @ApiPropertyOptional({ type: [WorkflowActionDto], maxItems: MAX_ACTIONS }) @IfPresent() @IsArray() @ArrayMaxSize(MAX_ACTIONS) actions?: object[];
  @ApiPropertyOptional() @IfPresent() @IsBoolean() enabled?: boolean;
}

export class RunWorkflowDto {
  @ApiProperty({ enum: RECORD_KINDS }) @IsString() @IsIn(RECORD_KINDS) record_kind: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) @IsId() record_id: number;
}

export class SimulateWorkflowDto {
  @ApiProperty({ description: 'local date `YYYY-MM-DD` or timestamp `YYYY-MM-DDTHH:mm:ss` of the workspace: replay the journal events since then', example: '2026-11-20' })
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?$/, { message: 'since must be YYYY-MM-DD or YYYY-MM-DDTHH:mm:ss' })
  since: string;
}

export class InstallTemplateDto {
  @ApiPropertyOptional({ maxLength: 200, description: "default: the template's name" }) @IsOptional() @IsString() @NotBlank() @MaxLength(200) name?: string;
}

export class WorkflowRunsQueryDto {
  @PageLimit() limit?: number;
  @PageCursor(20) cursor?: string;
}

export class RecordRunsQueryDto extends WorkflowRunsQueryDto {
  @ApiProperty({ enum: RECORD_KINDS }) @IsString() @IsIn(RECORD_KINDS) record_kind: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) @Type(() => Number) @IsInt() @Min(1) @Max(INT_MAX) record_id: number;
}
