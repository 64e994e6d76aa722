import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsClientTimestamp } from '../shared/fields';
import { CRM_EVENT_NAMES } from '../../../domain/crm/event-kinds';
import { CONNECTION_KINDS } from '../../../domain/integrations/webhook-connection.entity';
import { FILTER_MATCHES, FILTER_OPS, MAX_FILTER_CONDITIONS, MAX_FILTER_VALUES } from '../../../domain/integrations/event-filter';

const SCALAR = [{ type: 'string', maxLength: 200 }, { type: 'number' }, { type: 'boolean' }];

/** OpenAPI shape of a filter condition; the domain checks it (event-filter.ts) and names the bad part. */
export class WebhookFilterConditionDto {
  @ApiProperty({ description: 'dotted path into the event `data` (spec 6.1 fields), e.g. `stage`, `owner.id`, `customer_id`', maxLength: 163, example: 'stage' })
  field: string;

  @ApiProperty({ enum: FILTER_OPS, description: '`eq`: equals; `in`: one of the listed values; `not`: differs from (a missing field differs from everything)' })
  op: string;

  @ApiProperty({
    description: `a string, number, boolean or null for \`eq\` and \`not\`; a non-empty list of at most ${MAX_FILTER_VALUES} of them for \`in\`. Compared strictly: 3 is not "3"`,
    oneOf: [...SCALAR, { type: 'array', minItems: 1, maxItems: MAX_FILTER_VALUES, items: { oneOf: SCALAR, nullable: true } }],
    nullable: true,
    example: ['Win'],
  })
  value: unknown;
}

/** OpenAPI shape of a connection's filter on the events' `data`. */
export class WebhookFilterDto {
  @ApiPropertyOptional({ enum: FILTER_MATCHES, default: 'all', description: '`all`: every condition holds; `any`: at least one does' })
  match?: string;

  @ApiProperty({ type: [WebhookFilterConditionDto], minItems: 1, maxItems: MAX_FILTER_CONDITIONS })
  conditions: WebhookFilterConditionDto[];
}

const FILTER_DOC =
  "only events whose `data` passes it are delivered to this connection (the event kinds still apply); a field must be one of the subscribed kinds' `data` fields. " +
  'null: no filter. A bad filter is 400 `invalid` naming the part, e.g. `filter.conditions[0].op`';

const CONFIG_DOC =
  "record-creation kinds only (spec 6.5): the product's target, checked at save (400 `invalid` naming `config.<field>`). " +
  'asana `{project_gid}`; trello `{list_id, api_key}`; jira `{site, email, project_key, issue_type?}`; airtable `{base_id, table}`; ' +
  'google_sheets `{spreadsheet_id, range?}`; mailchimp `{list_id, status?: subscribed|pending}`; brevo `{list_id}`';
const TOKEN_DOC =
  "record-creation kinds only: the product's token (Asana and Airtable personal access token, Trello token, Atlassian API token, Google OAuth access token, " +
  'Mailchimp API key with its `-us6` data-center suffix, Brevo API key). Stored sealed and never shown back (`token_set` says one is stored)';

/** OpenAPI shape of a record-creation connection's target (every field a string; which ones depends on the kind). */
export class RecordConfigDto {
  @ApiPropertyOptional({ description: 'asana: the project gid', example: '1204567890123456' }) project_gid?: string;
  @ApiPropertyOptional({ description: 'trello: the list id; mailchimp: the audience id; brevo: the numeric list id', example: '5f1a2b3c4d5e6f7a8b9c0d1e' }) list_id?: string;
  @ApiPropertyOptional({ description: 'trello: the API key' }) api_key?: string;
  @ApiPropertyOptional({ description: 'jira: the Cloud site', example: 'acme.atlassian.net' }) site?: string;
  @ApiPropertyOptional({ description: "jira: the e-mail address of the token's account" }) email?: string;
  @ApiPropertyOptional({ description: 'jira: the project key', example: 'CRM' }) project_key?: string;
  @ApiPropertyOptional({ description: 'jira: the issue type name', default: 'Task' }) issue_type?: string;
  @ApiPropertyOptional({ description: 'airtable: the base id', example: 'appA1b2C3d4E5f6G7' }) base_id?: string;
  @ApiPropertyOptional({ description: 'airtable: the table name or id' }) table?: string;
  @ApiPropertyOptional({ description: 'google_sheets: the spreadsheet id' }) spreadsheet_id?: string;
  @ApiPropertyOptional({ description: 'google_sheets: the sheet the rows are appended to (A1 notation)', default: 'Sheet1' }) range?: string;
  @ApiPropertyOptional({ description: 'mailchimp: the new member status', enum: ['subscribed', 'pending'], default: 'pending' }) status?: string;
}

export class CreateWebhookDto {
  @ApiPropertyOptional({ description: 'https:// URL the deliveries are POSTed to; required for webhook and chat kinds, not taken by record-creation kinds', maxLength: 2000, example: 'https://hooks.example.com/crm' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  url?: string;

  @ApiProperty({ type: [String], enum: CRM_EVENT_NAMES, description: 'event kinds to deliver (spec 6.1)' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  events: string[];

  @ApiPropertyOptional({
    enum: CONNECTION_KINDS,
    default: 'webhook',
    description: 'webhook (signed JSON), a chat channel (its own message format, unsigned) or a record-creation product (asana, trello, jira, airtable, google_sheets, mailchimp, brevo)',
  })
  @IsOptional()
  @IsIn([...CONNECTION_KINDS])
  kind?: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ type: WebhookFilterDto, nullable: true, description: `${FILTER_DOC}.` })
  @IsOptional()
  @IsObject()
  filter?: object | null;

  @ApiPropertyOptional({ type: RecordConfigDto, description: `${CONFIG_DOC}.` })
  @IsOptional()
  @IsObject()
  config?: object;

  @ApiPropertyOptional({ description: `${TOKEN_DOC}.`, maxLength: 4096, writeOnly: true })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  token?: string;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  url?: string;

  @ApiPropertyOptional({ type: [String], enum: CRM_EVENT_NAMES })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  events?: string[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ type: WebhookFilterDto, nullable: true, description: `${FILTER_DOC}; omitted keeps the current filter, null removes it.` })
  @IsOptional()
  @IsObject()
  filter?: object | null;

  @ApiPropertyOptional({ type: RecordConfigDto, description: `${CONFIG_DOC}; the whole target, omitted keeps it.` })
  @IsOptional()
  @IsObject()
  config?: object;

  @ApiPropertyOptional({ description: `${TOKEN_DOC}; omitted keeps the stored token.`, maxLength: 4096, writeOnly: true })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  token?: string;
}

/** POST /webhooks/{id}/replay: the window of events to send again. */
export class ReplayWebhookDto {
  @ApiPropertyOptional({
    description:
      'send the events that happened at or after this timestamp (workspace local time unless it carries Z or an offset); at most EVENT_RETENTION_DAYS ago. ' +
      'Required, except with `only_failed` and no `until`: then every failed event the journal still keeps ("send again what failed")',
    example: '2026-11-26T09:00:00',
    maxLength: 40,
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @IsClientTimestamp()
  since?: string;

  @ApiPropertyOptional({ description: 'and before this timestamp (same format); default now', example: '2026-11-26T09:30:00', maxLength: 40 })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @IsClientTimestamp()
  until?: string;

  @ApiPropertyOptional({ default: false, description: 'only the events whose latest delivery to this connection failed (no 2xx answer)' })
  @IsOptional()
  @IsBoolean()
  only_failed?: boolean;
}
