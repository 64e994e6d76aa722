import { ApiPropertyOptional, IntersectionType, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { CompanyListQueryDto } from '../companies/companies.dto';
import { PersonListQueryDto } from '../people/people.dto';
import { OpportunityListQueryDto } from '../opportunities/opportunities.dto';
import { LeadListQueryDto } from '../leads/leads.dto';
import { TaskListQueryDto } from '../tasks/tasks.dto';
import { ObjectRecordListQueryDto } from '../objects/objects.dto';

/** The file's form; the rest of an export's query is its list's filters and sort. */
export class ExportOptionsDto {
  @ApiPropertyOptional({ enum: ['csv', 'xlsx'], default: 'csv' })
  @IsOptional()
  @IsIn(['csv', 'xlsx'])
  format?: 'csv' | 'xlsx';

  @ApiPropertyOptional({ enum: ['0', '1', 'true', 'false'], description: 'CSV: start with a UTF-8 byte order mark (Excel then reads the file as UTF-8); default no' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value))
  @IsBoolean({ message: 'must be 1, 0, true or false' })
  bom?: boolean;

  @ApiPropertyOptional({ enum: [',', ';'], default: ',', description: 'CSV: the field delimiter; `;` is what Excel in Turkish (and German, French ...) locales expects' })
  @IsOptional()
  @IsIn([',', ';'])
  delimiter?: ',' | ';';
}

/** An export takes the list's query without its paging: it exports every page. */
const PAGING = ['limit', 'cursor'] as const;

export class CompanyExportQueryDto extends IntersectionType(OmitType(CompanyListQueryDto, PAGING), ExportOptionsDto) {}
export class PersonExportQueryDto extends IntersectionType(OmitType(PersonListQueryDto, PAGING), ExportOptionsDto) {}
/** (`ids` reads a page of known records: an export takes filters) */
export class OpportunityExportQueryDto extends IntersectionType(OmitType(OpportunityListQueryDto, [...PAGING, 'ids'] as const), ExportOptionsDto) {}
export class LeadExportQueryDto extends IntersectionType(OmitType(LeadListQueryDto, PAGING), ExportOptionsDto) {}
export class TaskExportQueryDto extends IntersectionType(OmitType(TaskListQueryDto, PAGING), ExportOptionsDto) {}
export class ObjectRecordExportQueryDto extends IntersectionType(OmitType(ObjectRecordListQueryDto, PAGING), ExportOptionsDto) {}
