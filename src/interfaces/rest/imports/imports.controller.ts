import { Readable } from 'node:stream';
import { Body, Controller, Get, Param, Post, Put, Query, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { ImportsService, MAX_FILE_BYTES } from '../../../domain/crm/imports';
import type { UserContext } from '../../../domain/identity/auth-context';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import { IdPipe } from '../../../edge/id.pipe';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { ImportErrorsQueryDto, ImportMappingDto } from './imports.dto';
import { errorsCsv } from './errors-csv';
import { importJobListView, importJobView } from '../../../domain/crm/imports/import.view';
import { ImportErrorsCsv, ImportJobList, ImportJobResponse } from './import.schema';

const WHO = 'Admins and users with the `import` permission (403 `forbidden`).';
const STATE = { 409: '`conflict`: the job is not in a state that allows this (the message names the states that do)' };
const UPLOAD_LIMITS = { fileSize: MAX_FILE_BYTES, files: 1, fields: 0, parts: 2 };

@ApiTags('Import & export')
@Controller('api/v1')
export class ImportsController {
  constructor(private readonly service: ImportsService) {}

  @Post('imports')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: 'a CSV (UTF-8 with or without BOM, UTF-16, Windows-1254 or -1252; `,` `;` or tab) or an XLSX workbook (first sheet); the first row is the header' } } } })
  @UseInterceptors(FileInterceptor('file', { limits: UPLOAD_LIMITS }))
  @ApiDoc({
    id: 'uploadImport',
    summary: 'Upload a file to import',
    description:
      `Reads the whole file once and answers the job in state \`uploaded\` with each column's header, its first 20 values and the field it suggests per target. ${WHO} ` +
      'At most 50 MB and 1,000,000 rows (413 `payload_too_large`), 200 columns and 32,767 characters per cell (400 `invalid`, field `file`); ' +
      'a file that is neither CSV text nor a readable XLSX workbook is 415 `unsupported_media_type`. Imports emit no more than 25 events per job (spec 6.1 exception 2).',
    spec: '6.1',
    ok: ImportJobResponse,
    errors: { 413: '`payload_too_large`: more than 50 MB or 1,000,000 rows', 415: '`unsupported_media_type`: not CSV text nor an XLSX workbook (a zip bomb is 400)' },
  })
  @Auth({ scope: 'crm.write' })
  async upload(@CurrentAuth() auth: UserContext, @UploadedFile() file: { originalname: string; buffer: Buffer } | undefined) {
    return { ok: true as const, import: importJobView(await this.service.upload(auth, file ? { name: file.originalname, content: file.buffer } : undefined), auth.workspace) };
  }

  @Get('imports')
  @ApiDoc({ id: 'listImports', summary: "List the workspace's import jobs", description: `Newest first, at most 100. ${WHO}`, ok: ImportJobList })
  @Auth({ scope: 'crm.read' })
  async list(@CurrentAuth() auth: UserContext) {
    return { ok: true as const, items: importJobListView(await this.service.list(auth), auth.workspace) };
  }

  @Get('imports/:id')
  @ApiDoc({ id: 'getImport', summary: 'Get an import job', description: `State, counts and progress (\`rows_done\` of \`total_rows\`). ${WHO}`, ok: ImportJobResponse })
  @Auth({ scope: 'crm.read' })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true as const, import: importJobView(await this.service.get(auth, id), auth.workspace) };
  }

  @Put('imports/:id/mapping')
  @ApiDoc({
    id: 'mapImport',
    summary: 'Map the columns of an import',
    description: `Target, mode, match key and the field of each column; the job becomes \`mapped\` (a dry run made before is dropped). Allowed while \`uploaded\`, \`mapped\` or \`validated\`. The target needs the module its REST writes need (403 \`module\`: Customers for companies and people, Opportunities for opportunities). ${WHO}`,
    ok: ImportJobResponse,
    errors: STATE,
  })
  @Auth({ scope: 'crm.write' })
  async map(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: ImportMappingDto) {
    return { ok: true as const, import: importJobView(await this.service.map(auth, id, dto), auth.workspace) };
  }

  @Post('imports/:id/validate')
  @ApiDoc({
    id: 'validateImport',
    summary: 'Dry-run an import over the whole file',
    description: `Starts the dry run in the background (\`validating\`, then \`validated\` with counts per target and the refused rows). Nothing is written. ${WHO}`,
    ok: ImportJobResponse,
    errors: STATE,
  })
  @Auth({ scope: 'crm.write' })
  async validate(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true as const, import: importJobView(await this.service.validate(auth, id), auth.workspace) };
  }

  @Post('imports/:id/run')
  @ApiDoc({
    id: 'runImport',
    summary: 'Run a validated import',
    description:
      `Starts the run in the background (\`running\`, then \`completed\`), in batches of one transaction each, as the importing user through the same rules as the REST writes. ` +
      `More than 25 events from the job: no webhooks, one audit note naming the job (spec 6.1 exception 2). ${WHO}`,
    spec: '6.1',
    ok: ImportJobResponse,
    errors: STATE,
  })
  @Auth({ scope: 'crm.write' })
  async run(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true as const, import: importJobView(await this.service.run(auth, id), auth.workspace) };
  }

  @Post('imports/:id/cancel')
  @ApiDoc({ id: 'cancelImport', summary: 'Cancel an import', description: `Stops the job between two batches; what was written stays and can be reverted. ${WHO}`, ok: ImportJobResponse, errors: STATE })
  @Auth({ scope: 'crm.write' })
  async cancel(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true as const, import: importJobView(await this.service.cancel(auth, id), auth.workspace) };
  }

  @Post('imports/:id/revert')
  @ApiDoc({
    id: 'revertImport',
    summary: 'Revert an import',
    description:
      `Within 30 days: records the import created are deleted, records it updated get their previous values back; records changed or used since are listed in \`revert.kept\` and left alone. ` +
      `A background job (\`reverting\`, then \`reverted\`). ${WHO}`,
    ok: ImportJobResponse,
    errors: { 409: '`conflict`: the job is not completed, failed or cancelled, wrote nothing, or ran more than 30 days ago' },
  })
  @Auth({ scope: 'crm.write' })
  async revert(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true as const, import: importJobView(await this.service.revert(auth, id), auth.workspace) };
  }

  @Get('imports/:id/errors')
  @ApiDoc({
    id: 'downloadImportErrors',
    summary: 'Download the refused rows',
    description: `The refused rows of the run (or of the dry run before it) as the original rows plus an \`error\` column naming row, column, message and code. ${WHO}`,
    ok: { schema: ImportErrorsCsv, contentType: 'text/csv' },
  })
  @Auth({ scope: 'crm.read' })
  async errors(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Query() _q: ImportErrorsQueryDto) {
    const { job, pages } = await this.service.refused(auth, id);
    return new StreamableFile(Readable.from(errorsCsv(job, pages)), { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="import-${id}-refused.csv"` });
  }
}
