import { Module, type Type } from '@nestjs/common';
import { AskModule } from './ask/ask.module';
import { SharedCrmModule } from './shared/shared-crm.module';
import { discover, discovered } from '../../platform/common/discover';
// registers the features' event kinds with the outbox before anything reads them
import './event-kinds';
import './constants-blocks';

/** Whether a value is a Nest module class (`@Module` leaves its lists as metadata on the class). */
const isModule = (v: unknown): v is Type => typeof v === 'function' && Reflect.getMetadataKeys(v).some((k) => k === 'imports' || k === 'providers');

/**
 * Ask's module is imported by its interface, not here: its service reads through the MCP tools, whose module
 * imports this one.
 */
const OUTSIDE = new Set<unknown>([AskModule]);

/**
 * The CRM domain: every feature's module, `<feature>/<feature>.module.ts`, found in the folders (a new feature adds its
 * folder; no list here to edit). The interfaces (REST, MCP, ERP, web pages) and the demo seed call their services.
 */
const FEATURES = discovered(discover(__dirname, /^([^/]+)\/\1\.module\.(?:ts|js)$/), isModule).filter((m) => !OUTSIDE.has(m));

@Module({ imports: [SharedCrmModule, ...FEATURES], exports: FEATURES })
export class CrmModule {}
