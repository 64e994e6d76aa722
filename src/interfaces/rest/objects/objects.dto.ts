import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import type { ObjectRecordInput, ObjectRecordListQuery } from '../../../domain/crm/objects/object-records.service';
import { FIELD_TYPES, MAX_FIELDS, MAX_OPTIONS, MAX_RELATIONS, RELATION_KINDS } from '../../../domain/crm/objects/objects.rules';
import { IfPresent, INT_MAX, NullClears, OptionalBool, QueryBool, QueryId } from '../shared/fields';
import { PageQueryDto } from '../shared/page-query.dto';

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
const UNLINKS_DOC =
  'relation key -> a record id or an array of ids to remove from the relation (beyond spec 4.7); an id that is not linked changes nothing, an empty value removes nothing. ' +
  'Each id must be a record the caller may see, and not also in `links` of the same relation';

/** `owner_id`: "" or null = no owner. */
const OwnerId = () =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, description: 'the owner; "" or null = none (admins only)' }),
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
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: UNLINKS_DOC, example: { contacts: [7] } })
  @IfPresent()
  @IsObject()
  unlinks?: Record<string, unknown>;
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
