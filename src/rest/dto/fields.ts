import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, isEmail, Matches, Max, MaxLength, Min, ValidateBy, ValidateIf, ValidationOptions } from 'class-validator';
import { isIsoDate } from '../../common/time';

/** Field decorators shared by the REST DTOs. */

export const INT_MAX = 2_147_483_647;

/** A calendar date `YYYY-MM-DD` that exists. */
export function IsIsoDateString(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isIsoDateString', validator: { validate: (v: unknown) => isIsoDate(v), defaultMessage: () => '$property must be a date YYYY-MM-DD' } }, options);
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

/** For PATCH: the field may be left out, but when present it must not be null. */
export const IfPresent = (): PropertyDecorator => ValidateIf((_o: object, v: unknown) => v !== undefined);

/** Non-blank text. */
export const NotBlank = (): PropertyDecorator => applyDecorators(IsNotEmpty(), Matches(/\S/, { message: '$property must not be blank' }));

/** Present = validated (null is refused); absent = left alone. */
const Present = IfPresent;

/** An optional string field of at most `max` characters (null refused). */
export const OptionalText = (max: number) => applyDecorators(ApiPropertyOptional({ maxLength: max }), Present(), IsString(), MaxLength(max));

/** An optional e-mail address; '' clears it. */
export const OptionalEmail = () =>
  applyDecorators(
    ApiPropertyOptional({ maxLength: 254, format: 'email' }),
    Present(),
    IsString(),
    MaxLength(254),
    ValidateBy({ name: 'isEmailOrEmpty', validator: { validate: (v: unknown) => v === '' || (typeof v === 'string' && isEmail(v)), defaultMessage: () => '$property must be an e-mail address or empty' } }),
  );

export const OptionalBool = () => applyDecorators(ApiPropertyOptional({ type: Boolean }), Present(), IsBoolean());

/** A user / record id in a body. */
export const OptionalId = () => applyDecorators(ApiPropertyOptional({ type: Number, minimum: 1 }), Present(), IsInt(), Min(1), Max(INT_MAX));

/** Query-string boolean: `true` / `false`. */
export const QueryBool = () =>
  applyDecorators(
    ApiPropertyOptional({ type: Boolean }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value)),
    IsBoolean(),
  );

/** Query-string id. */
export const QueryId = () => applyDecorators(ApiPropertyOptional({ type: Number, minimum: 1 }), IsOptional(), Type(() => Number), IsInt(), Min(1), Max(INT_MAX));

