import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { PersonListQuery } from '../../../domain/crm/people/people.service';
import { PersonChangeFields, PersonCreateFields } from '../../../domain/crm/people/person.view';
import { FieldsDto } from '../shared/fields-dto';
import { QueryBool, QueryId, NullClears } from '../shared/fields';
import { PageQueryDto } from '../shared/page-query.dto';

/** A new person (`PersonCreateFields`, the person's read model file). */
export class CreatePersonDto extends FieldsDto(PersonCreateFields) {}

/** A change to a person: null clears an optional text (`NullClears`). */
@NullClears()
export class UpdatePersonDto extends FieldsDto(PersonChangeFields) {}

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
