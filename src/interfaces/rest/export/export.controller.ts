import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiDoc, type ApiSuccess } from '../../../edge/openapi/api-doc.decorator';
import { Auth, CurrentAuth, CurrentWorkspace, Public } from '../../../edge/auth.decorator';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { CsvFile, XlsxFile } from './export.schema';
import { CONTENT_TYPES } from './writers';
import { ExportService } from './export.service';
import {
  CompanyExportQueryDto,
  LeadExportQueryDto,
  ObjectRecordExportQueryDto,
  OpportunityExportQueryDto,
  PersonExportQueryDto,
  TaskExportQueryDto,
} from './export.dto';

/** Both answers of an export: the format chosen by `format`. */
export const EXPORT_FILES: ApiSuccess[] = [
  { schema: CsvFile, contentType: CONTENT_TYPES.csv, description: 'the CSV file (`format=csv`, the default), as an attachment' },
  { schema: XlsxFile, contentType: CONTENT_TYPES.xlsx, description: 'the XLSX workbook (`format=xlsx`), as an attachment' },
];

const ABOUT =
  'Every record the list route with the same query returns, every page of it, in the same order, and only what the caller may see; the file is ' +
  'streamed as the records are read. Columns are the fields of the list answer: a related record as its id and its name (`owner_id`, `owner`), ' +
  'constants as their key and their label in the caller\'s language (`status`, `status_label`), dates as YYYY-MM-DD and timestamps in the ' +
  'workspace\'s local time. A text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `\'` (OWASP CSV injection). ' +
  '`delimiter=;` and `bom=1` give the CSV Excel reads in Turkish (and most continental) locales.';

/**
 * Exports of the record lists (spec 2.x records as the REST lists show them). Registered before the
 * record controllers, so `/companies/export` is this route and not `/companies/{id}`.
 */
@ApiTags('Import & export')
@Controller('api/v1')
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @Get('companies/export')
  @ApiDoc({ id: 'exportCompanies', summary: 'Export companies (CSV or XLSX)', description: `The companies of GET /companies. ${ABOUT}`, ok: EXPORT_FILES })
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  async companies(@CurrentAuth() auth: UserContext, @Query() q: CompanyExportQueryDto, @Res() res: Response): Promise<void> {
    await this.exports.send(res, auth, 'companies', this.exports.companiesOf(auth, q), q);
  }

  @Get('people/export')
  @ApiDoc({ id: 'exportPeople', summary: 'Export people (CSV or XLSX)', description: `The people of GET /people. ${ABOUT}`, ok: EXPORT_FILES })
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  async people(@CurrentAuth() auth: UserContext, @Query() q: PersonExportQueryDto, @Res() res: Response): Promise<void> {
    await this.exports.send(res, auth, 'people', this.exports.peopleOf(auth, q), q);
  }

  @Get('opportunities/export')
  @ApiDoc({ id: 'exportOpportunities', summary: 'Export opportunities (CSV or XLSX)', description: `The opportunities of GET /opportunities. ${ABOUT}`, ok: EXPORT_FILES })
  @Auth({ scope: 'crm.read', module: MODULES.opportunities })
  async opportunities(@CurrentAuth() auth: UserContext, @Query() q: OpportunityExportQueryDto, @Res() res: Response): Promise<void> {
    await this.exports.send(res, auth, 'opportunities', this.exports.opportunitiesOf(auth, q), q);
  }

  @Get('leads/export')
  @ApiDoc({ id: 'exportLeads', summary: 'Export fair leads (CSV or XLSX)', description: `The leads of GET /leads. ${ABOUT}`, ok: EXPORT_FILES })
  @Auth({ scope: 'crm.read', module: MODULES.leads })
  async leads(@CurrentAuth() auth: UserContext, @Query() q: LeadExportQueryDto, @Res() res: Response): Promise<void> {
    await this.exports.send(res, auth, 'leads', this.exports.leadsOf(auth, q), q);
  }

  @Get('tasks/export')
  @ApiDoc({ id: 'exportTasks', summary: 'Export tasks (CSV or XLSX)', description: `The tasks of GET /tasks. ${ABOUT}`, ok: EXPORT_FILES })
  @Auth({ scope: 'crm.read', module: MODULES.activities })
  async tasks(@CurrentAuth() auth: UserContext, @Query() q: TaskExportQueryDto, @Res() res: Response): Promise<void> {
    await this.exports.send(res, auth, 'tasks', this.exports.tasksOf(auth, q), q);
  }

  @Get('objects/:key/records/export')
  @ApiDoc({
    id: 'exportCustomObjectRecords',
    summary: 'Export custom object records (CSV or XLSX)',
    description: `The records of GET /objects/{key}/records, each field of the object a column \`fields.<key>\`. ${ABOUT}`,
    ok: EXPORT_FILES,
  })
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  async records(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Query() q: ObjectRecordExportQueryDto, @Res() res: Response): Promise<void> {
    await this.exports.send(res, auth, key, await this.exports.objectsOf(auth, key, q), q);
  }

  @Get('exports/:token')
  @ApiDoc({
    id: 'downloadExport',
    summary: 'Download an export by its link',
    description:
      'The file of an export link that the MCP tool `export_records` answered: the export it names (list, filters, sort, format), read as the user ' +
      'who asked for it with what that user may see now, without other credentials. A link is valid for 15 minutes and only on its own ' +
      `workspace's address. ${ABOUT}`,
    ok: EXPORT_FILES,
    errors: {
      403: '`module`: the list\'s module is off now for the user who asked for the link',
      404: '`not_found`: the link is unknown, changed, expired, of another workspace, or its user is deactivated',
    },
  })
  @Public()
  async download(@CurrentWorkspace() ws: Workspace, @Param('token') token: string, @Res() res: Response): Promise<void> {
    await this.exports.sendLink(res, ws, token);
  }
}
