import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import * as z from 'zod/v4';
import { AMOUNT_PLACES, EMAIL_OR_EMPTY } from '../../../platform/common/record-input';
import { Type } from 'class-transformer';
import { IsAmount, IsEmailOrEmpty, IsId, IsIsoDateString, NotBlank, INT_MAX, QueryBoolean } from './fields';
import { PageQueryDto } from './page-query.dto';

/**
 * A REST body DTO made from the fields a record kind's command declares (`src/domain/crm/<kind>/<kind>.view.ts`,
 * zod): the same class-validator checks and OpenAPI properties a hand-written DTO carries, property by property, so
 * a field declared once is one the REST route, the MCP tool and the service all take. A class extends it to give the
 * document its name (`class CreateTicketDto extends FieldsDto(TicketFields) {}`), as Nest's mapped types do.
 *
 * What each declared kind becomes:
 * - a string: `IsString`, `MaxLength` from its maximum, `NotBlank` when it must have at least one character;
 * - an ISO date (`date()`): `IsIsoDateString`, format `date`; an e-mail or '' (`emailOrEmpty()`): format `email`;
 * - an integer between 1 and the column range (`id()`): `IsId`; another integer: `IsInt` with its bounds;
 * - a number: `IsNumber` with its bounds, or `IsAmount` with them when it allows so many decimals (`amount()` with
 *   `places`); a boolean: `IsBoolean`; an enum: `IsIn` its values;
 * - the declaration's first example (`examples`, JSON Schema's) is the document's `example`;
 * - an array of strings: `IsArray`, `ArrayMaxSize` from its maximum, each `IsString` and `MaxLength`; an array of ids
 *   (`id()`): `IsArray`, `ArrayMaxSize`, each `IsId`;
 * - optional: `IsOptional`; nullable (`.nullable()`): documented `nullable`, and `null` reaches the service (for a
 *   link, the same as leaving it out; `CrmValidationPipe`'s null rules read the document).
 * Any other kind stops the start with the field's name: write that DTO by hand.
 */
export function FieldsDto<T extends z.ZodObject>(fields: T): new () => z.output<T> {
  class Fields {}
  for (const [key, schema] of Object.entries(fields.shape)) propertyOf(key, schema as z.ZodType, false)(Fields.prototype, key);
  return Fields as new () => z.output<T>;
}

/**
 * A list's query DTO made from the filters a record kind declares (zod, every one optional), after the page's own
 * (`PageQueryDto`: `limit`, `cursor`, `sort`, `updated_since`): as `FieldsDto`, but a number arrives as text and is
 * read as one first, and a yes or no is `true` or `false` (`class TicketListQueryDto extends QueryDto(TicketFilters) {}`). `listQuery` hands it to the
 * service.
 */
export function QueryDto<T extends z.ZodObject>(filters: T): new () => z.output<T> & PageQueryDto {
  class Query extends PageQueryDto {}
  for (const [key, schema] of Object.entries(filters.shape)) {
    if (!(schema as z.ZodType).safeParse(undefined).success) throw new Error(`QueryDto: the filter ${key} must be optional`);
    propertyOf(key, schema as z.ZodType, true)(Query.prototype, key);
  }
  return Query as new () => z.output<T> & PageQueryDto;
}

/** A list query DTO as the domain's list takes it: the filters as they are, the page's `updated_since` as `updatedSince`. */
export function listQuery<T extends PageQueryDto>({ updated_since, ...rest }: T): Omit<T, 'updated_since'> & { updatedSince?: string } {
  return { ...rest, updatedSince: updated_since };
}

interface Def {
  type: string;
  innerType?: Inner;
  /** an array's element */
  element?: Inner;
  /** an array's bounds */
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
}
interface Inner {
  _zod: { def: Def };
  description?: string;
  minLength?: number | null;
  maxLength?: number | null;
  format?: string | null;
  isInt?: boolean;
  minValue?: number | null;
  maxValue?: number | null;
  options?: (string | number)[];
}

function propertyOf(key: string, schema: z.ZodType, query: boolean): PropertyDecorator {
  let inner = schema as unknown as Inner;
  let optional = false;
  let nullable = false;
  while (inner._zod.def.type === 'optional' || inner._zod.def.type === 'nullable') {
    if (inner._zod.def.type === 'optional') optional = true;
    else nullable = true;
    inner = inner._zod.def.innerType!;
  }
  const description = (schema as unknown as Inner).description ?? inner.description;
  const examples = z.globalRegistry.get(schema)?.examples ?? z.globalRegistry.get(inner as unknown as z.ZodType)?.examples;
  const doc: ApiPropertyOptions = {};
  const checks: PropertyDecorator[] = [];
  const places = AMOUNT_PLACES.get(inner as unknown as z.ZodType)?.places;
  // a query string's values are text: a number is read as one before it is checked
  if (query && inner._zod.def.type === 'number') checks.push(Type(() => Number));
  else if (query && inner._zod.def.type === 'boolean') checks.push(QueryBoolean());
  else if (query && inner._zod.def.type !== 'string' && inner._zod.def.type !== 'enum') throw new Error(`QueryDto: ${key} is a ${inner._zod.def.type}, which a filter cannot be yet`);
  switch (inner._zod.def.type) {
    case 'string':
      if (inner.format === 'date') {
        Object.assign(doc, { type: String, format: 'date' });
        checks.push(IsIsoDateString());
        break;
      }
      Object.assign(doc, { type: String }, inner.maxLength != null ? { maxLength: inner.maxLength } : {});
      checks.push(IsString());
      if ((inner.minLength ?? 0) >= 1) checks.push(NotBlank());
      if (inner.maxLength != null) checks.push(MaxLength(inner.maxLength));
      if (EMAIL_OR_EMPTY.has(inner as unknown as z.ZodType)) {
        Object.assign(doc, { format: 'email' });
        checks.push(IsEmailOrEmpty());
      }
      break;
    case 'number':
      if (inner.isInt && inner.minValue === 1 && inner.maxValue === INT_MAX) {
        Object.assign(doc, { type: 'integer', minimum: 1 });
        checks.push(IsId());
        break;
      }
      Object.assign(doc, { type: inner.isInt ? 'integer' : Number }, inner.minValue != null ? { minimum: inner.minValue } : {}, inner.maxValue != null ? { maximum: inner.maxValue } : {});
      checks.push(inner.isInt ? IsInt() : places !== undefined ? IsAmount(places) : IsNumber({ allowNaN: false, allowInfinity: false }));
      if (inner.minValue != null) checks.push(Min(inner.minValue));
      if (inner.maxValue != null) checks.push(Max(inner.maxValue));
      break;
    case 'boolean':
      Object.assign(doc, { type: Boolean });
      checks.push(IsBoolean());
      break;
    case 'enum':
      Object.assign(doc, { enum: inner.options });
      checks.push(IsIn(inner.options!));
      break;
    case 'array': {
      const element = inner._zod.def.element;
      const items = inner._zod.def.checks?.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;
      const isIds = element?._zod.def.type === 'number' && element.isInt && element.minValue === 1 && element.maxValue === INT_MAX;
      if (element?._zod.def.type !== 'string' && !isIds) throw new Error(`FieldsDto: ${key} is an array of ${element?._zod.def.type}, which a declared field cannot be yet`);
      Object.assign(doc, isIds ? { type: 'integer', isArray: true } : { type: [String] }, items != null ? { maxItems: items } : {});
      checks.push(IsArray());
      if (items != null) checks.push(ArrayMaxSize(items));
      if (isIds) {
        checks.push(IsId({ each: true }));
        break;
      }
      checks.push(IsString({ each: true }));
      if (element!.maxLength != null) checks.push(MaxLength(element!.maxLength, { each: true }));
      break;
    }
    default:
      throw new Error(`FieldsDto: ${key} is a ${inner._zod.def.type}, which a declared field cannot be yet`);
  }
  if (nullable) Object.assign(doc, { nullable: true });
  if (description) Object.assign(doc, { description });
  if (Array.isArray(examples) && examples.length) Object.assign(doc, { example: examples[0] });
  if (!optional) return applyDecorators(ApiProperty(doc), ...(nullable ? [IsOptional()] : []), ...checks);
  return applyDecorators(ApiPropertyOptional(doc), IsOptional(), ...checks);
}
