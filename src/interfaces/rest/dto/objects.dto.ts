import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import type { ObjectRecordInput, ObjectRecordListQuery } from '../../../domain/crm/objects/object-records.service';
import { FIELD_TYPES, MAX_FIELDS, MAX_OPTIONS, MAX_RELATIONS, RELATION_KINDS } from '../../../domain/crm/objects/objects.rules';
import { IfPresent, INT_MAX, NullClears, OptionalBool, QueryBool, QueryId } from './fields';
import { PageQueryDto } from './page-query.dto';

// ---------------------------------------------------------------- definitions

export class ObjectFieldDto {
  @ApiProperty({ maxLength: 40, pattern: '^[a-z][a-z0-9_]{0,39}$', example: 'size' }) @IsString() @MaxLength(40) key: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @MaxLength(100) label: string;
  @ApiProperty({ enum: FIELD_TYPES }) @IsIn(FIELD_TYPES) type: string;
  @ApiPropertyOptional({ type: [String], description: 'the allowed values; select and multiselect fields only (at least one)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_OPTIONS)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  options?: string[];
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'a value is required (not for checkbox fields)' }) @IsOptional() @IsBoolean() required?: boolean;
  @ApiPropertyOptional({ type: Boolean, default: false, description: "shown in the record's subtitle (`sub`)" }) @IsOptional() @IsBoolean() display?: boolean;
}

export class ObjectRelationDto {
  @ApiProperty({ maxLength: 40, pattern: '^[a-z][a-z0-9_]{0,39}$', example: 'customer' }) @IsString() @MaxLength(40) key: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @MaxLength(100) label: string;
  @ApiProperty({ enum: RELATION_KINDS, description: 'what the relation points at: companies, people, opportunities, or records of a custom object' }) @IsIn(RELATION_KINDS) kind: string;
  @ApiPropertyOptional({ maxLength: 40, description: "the target object's key (kind object only; may be this object)" }) @IsOptional() @IsString() @MaxLength(40) object?: string;
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'several targets (true) or at most one' }) @IsOptional() @IsBoolean() many?: boolean;
}

export class CreateObjectTypeDto {
  @ApiProperty({ maxLength: 40, pattern: '^[a-z][a-z0-9_]{0,39}$', description: 'the key in paths; never changes', example: 'sites' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  key: string;

  @ApiProperty({ maxLength: 100 }) @IsString() @IsNotEmpty() @MaxLength(100) label: string;

  @ApiPropertyOptional({ type: [ObjectFieldDto] })
  @IfPresent()
  @IsArray()
  @ArrayMaxSize(MAX_FIELDS)
  @ValidateNested({ each: true })
  @Type(() => ObjectFieldDto)
  fields?: ObjectFieldDto[];

  @ApiPropertyOptional({ type: [ObjectRelationDto] })
  @IfPresent()
  @IsArray()
  @ArrayMaxSize(MAX_RELATIONS)
  @ValidateNested({ each: true })
  @Type(() => ObjectRelationDto)
  relations?: ObjectRelationDto[];
}

/** Each list sent replaces the old one whole (see docs/crm-rules.md for what happens to values). */
@NullClears()
export class UpdateObjectTypeDto {
  @ApiPropertyOptional({ maxLength: 100 }) @IfPresent() @IsString() @MaxLength(100) label?: string;

  @ApiPropertyOptional({ type: [ObjectFieldDto], description: 'the complete new field list' })
  @IfPresent()
  @IsArray()
  @ArrayMaxSize(MAX_FIELDS)
  @ValidateNested({ each: true })
  @Type(() => ObjectFieldDto)
  fields?: ObjectFieldDto[];

  @ApiPropertyOptional({ type: [ObjectRelationDto], description: 'the complete new relation list' })
  @IfPresent()
  @IsArray()
  @ArrayMaxSize(MAX_RELATIONS)
  @ValidateNested({ each: true })
  @Type(() => ObjectRelationDto)
  relations?: ObjectRelationDto[];
}

// ---------------------------------------------------------------- records

const FIELDS_DOC =
  'field key -> value; only the fields sent change, and an empty value ("" / null / []) clears one. Types: text string; number; date YYYY-MM-DD; select one of the options; multiselect array of options; checkbox boolean; person a user id; money {amount, currency} or a number (the base currency)';
const LINKS_DOC = 'relation key -> a record id or an array of ids to add (a one-relation is replaced); an empty value ("" / null / []) clears the relation';

/** `owner_id`: "" or null = no owner. */
const OwnerId = () =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, nullable: true, minimum: 1, description: 'the owner; "" or null = none (admins only)' }),
    Transform(({ value }: { value: unknown }) => (value === '' ? null : value)),
    ValidateIf((_o: object, v: unknown) => v !== undefined && v !== null),
    IsInt(),
    Min(1),
    Max(INT_MAX),
  );

export class CreateObjectRecordDto implements ObjectRecordInput {
  @ApiProperty({ maxLength: 200 }) @IsString() @IsNotEmpty() @MaxLength(200) name: string;
  @OwnerId() owner_id?: number | null;
  @OptionalBool() active?: boolean;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: FIELDS_DOC, example: { size: 'Large', opened: '2026-03-01' } })
  @IfPresent()
  @IsObject()
  fields?: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: LINKS_DOC, example: { customer: 12 } })
  @IfPresent()
  @IsObject()
  links?: Record<string, unknown>;
}

/** Spec 4.7: every field optional; only what is sent changes. */
@NullClears()
export class UpdateObjectRecordDto implements ObjectRecordInput {
  @ApiPropertyOptional({ maxLength: 200 }) @IfPresent() @IsString() @MaxLength(200) name?: string;
  @OwnerId() owner_id?: number | null;
  @OptionalBool() active?: boolean;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: FIELDS_DOC })
  @IfPresent()
  @IsObject()
  fields?: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: LINKS_DOC })
  @IfPresent()
  @IsObject()
  links?: Record<string, unknown>;
}

export class ObjectRecordListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'name contains (case-insensitive; 1-2 characters: starts with)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @QueryId() owner_id?: number;

  /** Default true; false lists archived records. */
  @QueryBool() active?: boolean;
}

export function objectRecordListQuery(d: ObjectRecordListQueryDto): ObjectRecordListQuery {
  return { limit: d.limit, cursor: d.cursor, sort: d.sort, updatedSince: d.updated_since, q: d.q, active: d.active, ownerId: d.owner_id };
}

// ---------------------------------------------------------------- response schemas (documentation)

class ObjectFieldSchema {
  @ApiProperty() key: string;
  @ApiProperty() label: string;
  @ApiProperty({ enum: FIELD_TYPES }) type: string;
  @ApiProperty({ type: [String] }) options: string[];
  @ApiProperty() required: boolean;
  @ApiProperty() display: boolean;
}

class ObjectRelationSchema {
  @ApiProperty() key: string;
  @ApiProperty() label: string;
  @ApiProperty({ enum: RELATION_KINDS }) kind: string;
  @ApiProperty({ description: "the target object's key (kind object), else ''" }) object: string;
  @ApiProperty() many: boolean;
}

export class ObjectTypeSchema {
  @ApiProperty() key: string;
  @ApiProperty() label: string;
  @ApiProperty({ type: [ObjectFieldSchema] }) fields: ObjectFieldSchema[];
  @ApiProperty({ type: [ObjectRelationSchema] }) relations: ObjectRelationSchema[];
}

export class ObjectTypeListResponse {
  @ApiProperty({ enum: [true] }) ok: true;
  @ApiProperty({ type: [ObjectTypeSchema] }) objects: ObjectTypeSchema[];
}

export class ObjectTypeResponse {
  @ApiProperty({ enum: [true] }) ok: true;
  @ApiProperty({ type: ObjectTypeSchema }) object: ObjectTypeSchema;
}

class RelationItemSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
}

class RecordFieldSchema extends ObjectFieldSchema {
  @ApiProperty({ description: 'typed per field type; empty: null (checkbox false, multiselect [])', nullable: true, oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: { type: 'string' } }, { type: 'object' }] })
  value: unknown;
}

class RecordRelationSchema {
  @ApiProperty({ description: 'relation key; on the `in` side `<object key>.<relation key>` of the object that points here' }) key: string;
  @ApiProperty({ enum: RELATION_KINDS }) kind: string;
  @ApiProperty() label: string;
  @ApiProperty() target_label: string;
  @ApiProperty({ enum: ['out', 'in'], description: 'out: defined on this object; in: another object pointing at this record' }) side: string;
  @ApiProperty() many: boolean;
  @ApiProperty({ type: [RelationItemSchema] }) items: RelationItemSchema[];
}

export class ObjectRecordSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'false = archived' }) active: boolean;
  @ApiProperty({ description: "owner's name ('' when none)" }) owner: string;
  @ApiProperty({ type: 'integer', nullable: true }) owner_id: number | null;
  @ApiProperty() editable: boolean;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'field key -> value' }) fields: Record<string, unknown>;
  @ApiProperty({ type: [RecordFieldSchema] }) field_list: RecordFieldSchema[];
  @ApiProperty({ type: RelationItemSchema, nullable: true, description: 'the first linked company, if any' }) customer: RelationItemSchema | null;
  @ApiProperty({ type: [RecordRelationSchema] }) relations: RecordRelationSchema[];
  @ApiProperty({ description: 'the display fields, joined with " · "' }) sub: string;
  @ApiProperty({ example: '2026-03-01T09:30:00' }) updated_at: string;
  @ApiProperty({ example: '/objects/sites/12' }) url: string;
}

export class ObjectRecordResponse {
  @ApiProperty({ enum: [true] }) ok: true;
  @ApiProperty({ type: ObjectRecordSchema }) record: ObjectRecordSchema;
}

export class ObjectRecordListResponse {
  @ApiProperty({ enum: [true] }) ok: true;
  @ApiProperty({ type: [ObjectRecordSchema] }) items: ObjectRecordSchema[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}

export class ObjectsOkResponse {
  @ApiProperty({ enum: [true] }) ok: true;
}
