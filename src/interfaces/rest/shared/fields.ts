import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, isEmail, Matches, Max, MaxLength, Min, ValidateBy, ValidateIf, ValidationOptions } from 'class-validator';
import { NULL_CLEARS } from '../../../edge/validation';
import { isIsoDate, parseClientTimestamp } from '../../../platform/common/time';
import { decimalPlaces } from '../../../platform/common/record-input';

/** Field decorators shared by the REST DTOs. */

export const INT_MAX = 2_147_483_647;

/** A calendar date `YYYY-MM-DD` that exists. */
export function IsIsoDateString(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isIsoDateString', validator: { validate: (v: unknown) => isIsoDate(v), defaultMessage: () => '$property must be a date YYYY-MM-DD' } }, options);
}

/**
 * A timestamp a sync client sends back: `YYYY-MM-DDTHH:mm:ss` in the workspace's local time (as the API
 * writes them), a date, or with an explicit `Z` / `±hh:mm` offset.
 */
export function IsClientTimestamp(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isClientTimestamp',
      validator: {
        validate: (v: unknown) => parseClientTimestamp(v) !== null,
        defaultMessage: () => '$property must be a timestamp YYYY-MM-DDTHH:mm:ss (workspace local time) or carry Z or an offset ±hh:mm',
      },
    },
    options,
  );
}

/**
 * A finite number with at most `places` decimals. Use it instead of class-validator's
 * `IsNumber({ maxDecimalPlaces })`, which throws (a 500) on numbers written with an exponent (`1e-7`).
 */
export function IsAmount(places: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAmount',
      validator: {
        validate: (v: unknown) => typeof v === 'number' && Number.isFinite(v) && decimalPlaces(v) <= places,
        defaultMessage: () => `$property must be a number with at most ${places} decimal places`,
      },
    },
    options,
  );
}

/** A record id in a body: a positive 32-bit integer. */
export function IsId(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(IsInt(options), Min(1, options), Max(INT_MAX, options));
}

/** A record id in a query string. */
export function IsQueryId(): PropertyDecorator {
  return applyDecorators(Type(() => Number), IsId());
}

/** Ids in a body: an array of at most `max` positive integers. */
export function IsIdList(max = 100): PropertyDecorator {
  return applyDecorators(IsArray(), ArrayMaxSize(max), IsId({ each: true }));
}

/**
 * On a body DTO that changes a record (PATCH bodies, step toggle): `null` clears an optional field.
 * Optional text becomes '' (the column is NOT NULL), fields the OpenAPI document marks nullable stay
 * null, and null on a field that cannot be empty (required text, numbers, booleans, ids) is 400 naming
 * it. Without this marker (create bodies) null is accepted only where the document says nullable.
 * The global validation pipe applies the rule (src/edge/validation.ts).
 */
export const NullClears = (): ClassDecorator => (target) => Reflect.defineMetadata(NULL_CLEARS, true, target);

/** For PATCH: the field may be left out, but when present it must not be null. */
export const IfPresent = (): PropertyDecorator => ValidateIf((_o: object, v: unknown) => v !== undefined);

/** Non-blank text. */
export const NotBlank = (): PropertyDecorator => applyDecorators(IsNotEmpty(), Matches(/\S/, { message: '$property must not be blank' }));

/** Present = validated (null is refused); absent = left alone. */
const Present = IfPresent;

/** An optional string field of at most `max` characters (null refused). */
export const OptionalText = (max: number) => applyDecorators(ApiPropertyOptional({ maxLength: max }), Present(), IsString(), MaxLength(max));

/** An e-mail address or '' (which clears it). */
export const IsEmailOrEmpty = () =>
  ValidateBy({ name: 'isEmailOrEmpty', validator: { validate: (v: unknown) => v === '' || (typeof v === 'string' && isEmail(v)), defaultMessage: () => '$property must be an e-mail address or empty' } });

/** An optional e-mail address; '' clears it. */
export const OptionalEmail = () => applyDecorators(ApiPropertyOptional({ maxLength: 254, format: 'email' }), Present(), IsString(), MaxLength(254), IsEmailOrEmpty());

/** A text field that `null` clears: optional, nullable, at most `max` characters. */
export const NullableText = (max: number) => applyDecorators(ApiPropertyOptional({ type: String, nullable: true, maxLength: max }), IsOptional(), IsString(), MaxLength(max));

/** A record id that `null` clears (a link to another record). */
export const NullableId = (description?: string) => applyDecorators(ApiPropertyOptional({ type: 'integer', nullable: true, ...(description ? { description } : {}) }), IsOptional(), IsId());

export const OptionalBool = () => applyDecorators(ApiPropertyOptional({ type: Boolean }), Present(), IsBoolean());

/** A user / record id in a body. */
export const OptionalId = () => applyDecorators(ApiPropertyOptional({ type: 'integer', minimum: 1 }), Present(), IsInt(), Min(1), Max(INT_MAX));

/** Query-string boolean: `true` / `false`. */
export const QueryBool = () => applyDecorators(ApiPropertyOptional({ type: Boolean }), IsOptional(), QueryBoolean(), IsBoolean());

/** A query string's yes or no: `true` and `false` become booleans; anything else stays, for `IsBoolean` to refuse. */
export const QueryBoolean = () => Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));

/** Page size of a list query: 1 to 200 (the service's default is 50). */
export const PageLimit = () => applyDecorators(ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 200, default: 50 }), IsOptional(), Type(() => Number), IsInt(), Min(1), Max(200));

/** Keyset cursor of a list query: the `next_cursor` of the previous page, at most `maxLength` characters. */
export const PageCursor = (maxLength = 500) => applyDecorators(ApiPropertyOptional({ description: 'next_cursor of the previous page' }), IsOptional(), IsString(), MaxLength(maxLength));

/** Query-string id. */
export const QueryId = () => applyDecorators(ApiPropertyOptional({ type: 'integer', minimum: 1 }), IsOptional(), Type(() => Number), IsInt(), Min(1), Max(INT_MAX));

