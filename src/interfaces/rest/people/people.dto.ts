import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import type { PersonCreateInput, PersonInput, PersonListQuery } from '../../../domain/crm/people/people.service';
import { NullableText, OptionalBool, OptionalEmail, OptionalId, OptionalText, QueryBool, QueryId, NullClears } from '../shared/fields';
import { PageQueryDto } from '../shared/page-query.dto';

class PersonFieldsDto implements PersonInput {
  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, description: 'the company; null = none' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  customer_id?: number | null;

  @OptionalText(150) title?: string;
  @OptionalText(100) department?: string;
  @OptionalEmail() email?: string;
  @OptionalText(50) phone?: string;
  @OptionalText(50) wa?: string;
  @OptionalText(5000) note?: string;
  @NullableText(200) external_id?: string | null;
  @OptionalBool() is_main?: boolean;
  @OptionalBool() is_former?: boolean;
  @OptionalId() owner_id?: number;
  @OptionalBool() active?: boolean;
}

export class CreatePersonDto extends PersonFieldsDto implements PersonCreateInput {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @ApiPropertyOptional({ type: Boolean, description: 'create even when a duplicate (same company and name, or same e-mail) exists' })
  @ValidateIf((_o: object, v: unknown) => v !== undefined)
  @IsBoolean()
  force?: boolean;
}

@NullClears()
export class UpdatePersonDto extends PersonFieldsDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @ValidateIf((_o: object, v: unknown) => v !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;
}

export class PersonListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'name or e-mail contains (case-insensitive)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @QueryId() customer_id?: number;
  @QueryId() owner_id?: number;

  @ApiPropertyOptional({ description: 'the record\'s key in another system, exactly' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  external_id?: string;

  /** Default true; false lists archived people. */
  @QueryBool() active?: boolean;
}

/** The list query in the service's terms. */
export function personListQuery(d: PersonListQueryDto): PersonListQuery {
  return { limit: d.limit, cursor: d.cursor, sort: d.sort, updatedSince: d.updated_since, q: d.q, customerId: d.customer_id, ownerId: d.owner_id, externalId: d.external_id, active: d.active };
}
