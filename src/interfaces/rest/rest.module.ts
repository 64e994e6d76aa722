import { Module, type Type } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { discover, discovered } from '../../platform/common/discover';
import { CrmModule } from '../../domain/crm/crm.module';
import { ExportController } from './export/export.controller';
import { ExportService } from './export/export.service';
import { ExportLinks } from '../../edge/export-links';

/** Whether a value is a Nest controller class (`@Controller` leaves its path as metadata on the class). */
const isController = (v: unknown): v is Type => typeof v === 'function' && Reflect.getMetadata(PATH_METADATA, v) !== undefined;

/**
 * The slices whose controllers another module registers: Ask's (after MCP's) and the webhooks' and the journal's
 * (they need the integrations), and the health check (the application's own, outside the API's middleware).
 */
const ELSEWHERE = new Set(['ask', 'webhooks', 'events', 'health']);

/**
 * Every slice's controllers, `<slice>/<name>.controller.ts`, found in the folders in the order of their paths (a new
 * record kind adds its slice; no list here to edit); the document lists paths in the order of its tags whatever this
 * order is (src/edge/openapi/document.ts). ExportController comes first: Express answers a path with the first route
 * that matches it, and `/companies/export` must not reach `/companies/{id}`.
 */
const CONTROLLERS = discovered(
  discover(__dirname, /^([^/]+)\/[^/]+\.controller\.(?:ts|js)$/).filter((f) => !ELSEWHERE.has(f.file.split('/')[0]!)),
  isController,
);

/** The REST API /api/v1: controllers, DTOs and mapping only. */
@Module({
  imports: [CrmModule],
  controllers: [ExportController, ...CONTROLLERS.filter((c) => c !== ExportController)],
  providers: [ExportService, ExportLinks],
})
export class RestModule {}
