import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INT_MAX } from './fields';

/** Query of GET /qe/config. */
export class QeConfigQueryDto {
  @ApiPropertyOptional({ description: 'conversation type, one of the workspace visit_types (F2F, Online, Call, Deneme by default); affects default_template', maxLength: 40 })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  type?: string;
}

/** Body of POST /qe/suggest. */
export class QeSuggestDto {
  @ApiProperty({ maxLength: 4000, description: 'the visit note (Turkish, English or mixed)' })
  @IsDefined()
  @IsString()
  @MaxLength(4000)
  note: string;

  @ApiPropertyOptional({ type: Number, minimum: 1, description: 'the company the note is about: its people and open opportunities are matched too (404 when not visible)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(INT_MAX)
  customer_id?: number;
}

// ---- response schemas (documentation only; the service builds the bodies) ----

class QeFieldSchema {
  @ApiProperty({ description: 'field key' }) k: string;
  @ApiProperty({ description: 'label' }) l: string;
  @ApiProperty({ description: 'type: person, opportunity, product, money, number, select, date, text' }) t: string;
  @ApiProperty({ type: [String], description: 'options (select)' }) o: string[];
  @ApiProperty({ description: 'unit' }) u: string;
  @ApiProperty({ description: 'placeholder' }) ph: string;
}

class QeBlockSchema {
  @ApiProperty() k: string;
  @ApiProperty() label: string;
  @ApiProperty({ description: 'record the block writes to: person, opportunity, activity, task' }) obj: string;
  @ApiProperty() icon: string;
  @ApiProperty({ type: [QeFieldSchema] }) fields: QeFieldSchema[];
}

class QeCondSchema {
  @ApiProperty() k: string;
  @ApiProperty() label: string;
}

class QeTemplateBlockSchema {
  @ApiProperty({ description: 'block key' }) k: string;
  @ApiProperty() label: string;
  @ApiProperty({ description: "condition key (conds), '' = always" }) cond: string;
  @ApiProperty({ enum: ['open', 'chip', 'off'] }) st: string;
  @ApiProperty({ description: 'required block' }) req: boolean;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, description: 'default values by field key' }) def: Record<string, string>;
  @ApiProperty({ type: [String], description: 'fields shown, in order (empty = all)' }) fl: string[];
}

class QeTemplateSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty() icon: string;
  @ApiProperty({ description: "one of visit_topics, or ''" }) topic: string;
  @ApiProperty({ description: "department the template is for, '' = everyone" }) team: string;
  @ApiProperty({ description: "visit type, or ''" }) vtype: string;
  @ApiProperty() is_default: boolean;
  @ApiProperty({ type: [QeTemplateBlockSchema] }) blocks: QeTemplateBlockSchema[];
}

class QeVisitTypeSchema {
  @ApiProperty() k: string;
  @ApiProperty() label: string;
  @ApiProperty() icon: string;
}

class QeUserSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() full_name: string;
}

export class QeConfigResponseSchema {
  @ApiProperty({ enum: [true] }) ok: boolean;
  @ApiProperty({ type: [QeBlockSchema] }) blocks: QeBlockSchema[];
  @ApiProperty({ type: [QeCondSchema] }) conds: QeCondSchema[];
  @ApiProperty({ type: [QeTemplateSchema] }) templates: QeTemplateSchema[];
  @ApiProperty({ type: 'integer', nullable: true, description: "by the user's department, then the conversation type, then the default; null without templates" }) default_template: number | null;
  @ApiProperty({ type: [String] }) topics: string[];
  @ApiProperty({ type: [String] }) next_actions: string[];
  @ApiProperty({ type: [String] }) open_stages: string[];
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) stage_labels: Record<string, string>;
  @ApiProperty({ type: [QeVisitTypeSchema] }) visit_types: QeVisitTypeSchema[];
  @ApiProperty() currency: string;
  @ApiProperty() unit: string;
  @ApiProperty({ type: 'integer', description: 'the undo window in seconds' }) undo_seconds: number;
  @ApiProperty({ type: [QeUserSchema] }) users: QeUserSchema[];
}

class QeSuggestionSchema {
  @ApiProperty() id: string;
  @ApiProperty({ description: '`block`, or a next-step kind (one of next_actions)' }) kind: string;
  @ApiProperty() label: string;
  @ApiProperty({ description: 'block key: contact, opp, product, price, quantity, payment, trial, next' }) block: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, description: 'field values (strings)' }) fields: Record<string, string>;
}

export class QeSuggestResponseSchema {
  @ApiProperty({ enum: [true] }) ok: boolean;
  @ApiProperty({ type: [QeSuggestionSchema] }) items: QeSuggestionSchema[];
}
