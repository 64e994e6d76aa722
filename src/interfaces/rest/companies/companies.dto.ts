import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { CompanyListQuery } from '../../../domain/crm/companies/companies.service';
import { CompanyChangeFields, CompanyCreateFields } from '../../../domain/crm/companies/company.view';
import { FieldsDto } from '../shared/fields-dto';
import { QueryBool, QueryId, NullClears } from '../shared/fields';
import { PageQueryDto } from '../shared/page-query.dto';

/** A new company (`CompanyCreateFields`, the company's read model file). */
export class CreateCompanyDto extends FieldsDto(CompanyCreateFields) {}

/** A change to a company: null clears an optional text (`NullClears`). */
@NullClears()
export class UpdateCompanyDto extends FieldsDto(CompanyChangeFields) {}

export class CompanyListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'name contains (case-insensitive)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(40)
  status?: string;

  @QueryId() owner_id?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  city?: string;

  @ApiPropertyOptional({ description: 'sector equals (case-insensitive)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  sector?: string;

  @ApiPropertyOptional({ description: 'the record\'s key in another system, exactly' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  external_id?: string;

  /** Default true; false lists archived companies. */
  @QueryBool() active?: boolean;
}

/** The list query in the service's terms. */
export function companyListQuery(d: CompanyListQueryDto): CompanyListQuery {
  return { limit: d.limit, cursor: d.cursor, sort: d.sort, updatedSince: d.updated_since, q: d.q, status: d.status, ownerId: d.owner_id, city: d.city, sector: d.sector, externalId: d.external_id, active: d.active };
}

/** The lists GET /companies/{id} can carry along (`include`). */
export const COMPANY_INCLUDES = ['people', 'opportunities', 'activities', 'tasks'] as const;
export type CompanyInclude = (typeof COMPANY_INCLUDES)[number];

export class CompanyGetQueryDto {
  @ApiPropertyOptional({
    description: `comma-separated lists to return with the company, each the first page of its list filtered by the company: ${COMPANY_INCLUDES.join(', ')}`,
    example: 'people,opportunities',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(new RegExp(`^(${COMPANY_INCLUDES.join('|')})(,(${COMPANY_INCLUDES.join('|')}))*$`), { message: `a comma-separated list of ${COMPANY_INCLUDES.join(', ')}` })
  include?: string;
}

/** The `include` names, without repeats. */
export function companyIncludes(d: CompanyGetQueryDto): Set<CompanyInclude> {
  return new Set((d.include ? d.include.split(',') : []) as CompanyInclude[]);
}
