import { Module, type Type } from '@nestjs/common';
import { INJECTABLE_WATERMARK } from '@nestjs/common/constants';
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

/** Whether a value is a class Nest may inject (`@Injectable` marks it). */
const isInjectable = (v: unknown): v is Type => typeof v === 'function' && Reflect.hasMetadata(INJECTABLE_WATERMARK, v);

const folderOf = (file: string) => file.split('/')[0]!;
const MODULE_FILES = discover(__dirname, /^([^/]+)\/\1\.module\.(?:ts|js)$/);

/**
 * The CRM domain: every feature's module, `<feature>/<feature>.module.ts`, found in the folders (a new feature adds its
 * folder; no list here to edit). The interfaces (REST, MCP, ERP, web pages) and the demo seed call their services.
 */
const FEATURES = discovered(MODULE_FILES, isModule).filter((m) => !OUTSIDE.has(m));

/**
 * A feature that needs no module of its own (its services inject only the shared kit, the lower domain parts and the
 * features' exported services, and no other feature injects them) has none: its `<feature>/*.service.ts` classes are
 * provided and exported here. A feature writes a module when another feature's module must import it.
 */
const WITH_MODULE = new Set([...MODULE_FILES.map((f) => folderOf(f.file)), 'shared']);
const MODULELESS = discovered(
  discover(__dirname, /^[^/]+\/[^/]+\.service\.(?:ts|js)$/).filter((f) => !WITH_MODULE.has(folderOf(f.file))),
  isInjectable,
);

@Module({ imports: [SharedCrmModule, ...FEATURES], providers: MODULELESS, exports: [...FEATURES, ...MODULELESS] })
export class CrmModule {}
