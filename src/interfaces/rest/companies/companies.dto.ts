import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { CompanyCreateInput, CompanyInput, CompanyListQuery } from '../../../domain/crm/companies/companies.service';
import { IfPresent, NullableText, OptionalText, OptionalEmail, OptionalBool, OptionalId, QueryBool, QueryId, NullClears, IsAmount } from '../shared/fields';
import { PageQueryDto } from '../shared/page-query.dto';

/** Largest value of a numeric(14,2) column. */
const MAX_QUANTITY = 999_999_999_999.99;

class CompanyFieldsDto implements CompanyInput {
  @OptionalText(40) status?: string;
  @OptionalText(100) sector?: string;
  @OptionalText(100) city?: string;
  @OptionalText(100) country?: string;
  @OptionalText(500) address?: string;
  @OptionalText(50) phone?: string;
  @OptionalEmail() email?: string;
  @OptionalText(300) website?: string;
  @OptionalText(40) tax_no?: string;
  @OptionalText(100) tax_office?: string;
  @OptionalText(60) erp_code?: string;
  @OptionalText(100) erp_ext_id?: string;
  @NullableText(200) external_id?: string | null;
  @OptionalText(100) source?: string;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0 })
  @IsOptional()
  @IsAmount(2)
  @Min(0)
  @Max(MAX_QUANTITY)
  potential_kg?: number | null;

  @OptionalText(3) currency?: string;
  @OptionalText(16) unit?: string;
  @OptionalText(5000) note?: string;
  @OptionalId() owner_id?: number;
  @OptionalBool() active?: boolean;
}

export class CreateCompanyDto extends CompanyFieldsDto implements CompanyCreateInput {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  @ApiPropertyOptional({ type: Boolean, description: 'create even when a duplicate (same name or tax number) exists' })
  @IfPresent()
  @IsBoolean()
  force?: boolean;
}

@NullClears()
export class UpdateCompanyDto extends CompanyFieldsDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @IfPresent()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;
}

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
