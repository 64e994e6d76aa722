import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { discover, discovered } from '../../../src/platform/common/discover';
import { registerEventKindLists, type EventKind } from '../../../src/platform/outbox/event-kinds';
import { constantsBlocks, registerConstantsBlock, type ConstantsBlock } from '../../../src/domain/workspace/constants-blocks';
import { CRM_EVENT_NAMES, EVENT_FILES } from '../../../src/domain/crm/event-kinds';
import { CRM_CONSTANTS_BLOCKS } from '../../../src/domain/crm/constants-blocks';
import { CrmModule } from '../../../src/domain/crm/crm.module';
import { AskModule } from '../../../src/domain/crm/ask/ask.module';
import { RestModule } from '../../../src/interfaces/rest/rest.module';
import { ExportController } from '../../../src/interfaces/rest/export/export.controller';
import { TOOL_KINDS } from '../../../src/interfaces/mcp/tools';
import { TicketsService } from '../../../src/domain/crm/tickets/tickets.service';
import { ProductsService } from '../../../src/domain/crm/products/products.service';
import { ApprovalsService } from '../../../src/domain/crm/approvals/approvals.service';
import { QuickEntryService } from '../../../src/domain/crm/quick-entry/quick-entry.service';
import { CompaniesService } from '../../../src/domain/crm/companies/companies.service';

/**
 * The shared lists a feature used to be added to are walks of the folders (src/platform/common/discover.ts): each
 * finds every file of its convention, and where the order shows (event kinds, constants blocks, tools) the files'
 * places give the order the lists had, which clients see (webhook enums, `me`, tools/list).
 */
const SRC = join(__dirname, '../../../src');
const filesIn = (dir: string, re: RegExp): string[] => (readdirSync(join(SRC, dir), { recursive: true }) as string[]).filter((f) => re.test(f.split('\\').join('/')));

describe('discovery', () => {
  it('finds the files of a convention in the order of their paths, and their exports once', () => {
    const found = discover(join(SRC, 'domain/crm'), EVENT_FILES);
    expect(found.map((f) => f.file)).toEqual([...found.map((f) => f.file)].sort());
    expect(found.map((f) => f.file)).toEqual(expect.arrayContaining(['tickets/ticket.view.ts', 'opportunities/opportunity-events.ts']));
    const fns = discovered(found, (v): v is Function => typeof v === 'function');
    expect(new Set(fns).size).toBe(fns.length);
  });

  it("registers the features' event kinds in spec 6.1's order, whatever the files' order", () => {
    // spec 6.1's kinds in its order, with those beyond it where their lists' places put them (a new kind edits no list here)
    const SPEC_61 = ['opp_created', 'opp_stage', 'opp_won', 'opp_lost', 'customer_created', 'contact_created', 'lead_created', 'visit_created', 'ticket_created', 'form_submitted'];
    expect(CRM_EVENT_NAMES.filter((n) => SPEC_61.includes(n))).toEqual(SPEC_61);
    expect(CRM_EVENT_NAMES.slice(0, 4)).toEqual(SPEC_61.slice(0, 4));
    expect(CRM_EVENT_NAMES.at(-1)).toBe('erp_stalled');
  });

  it('refuses two event lists, or two constants blocks, at one place', () => {
    const kind = (name: string) => ({ name, module: 'm', dataFields: [] }) as unknown as EventKind;
    expect(() => registerEventKindLists([{ place: 5, kinds: [kind('x_one')] }, { place: 5, kinds: [kind('x_two')] }])).toThrow('two event kind lists at place 5');
    const block = { ...CRM_CONSTANTS_BLOCKS[0]!, name: 'another' } as ConstantsBlock;
    expect(() => registerConstantsBlock(block)).toThrow(/at one place/);
  });

  it('registers the constants blocks in the order of their places', () => {
    const blocks = constantsBlocks();
    expect(blocks.map((b) => b.place)).toEqual(blocks.map((b) => b.place).sort((x, y) => x - y));
    expect(blocks.map((b) => b.name).filter((n) => ['orders', 'tickets', 'leads', 'quick-entry'].includes(n))).toEqual(['orders', 'tickets', 'leads', 'quick-entry']);
    expect(filesIn('domain/crm', /^[^/]+\/[^/]+\.constants\.ts$/)).toHaveLength(CRM_CONSTANTS_BLOCKS.length);
  });

  it('imports every feature module into the CRM but Ask’s', () => {
    const imported = Reflect.getMetadata(MODULE_METADATA.IMPORTS, CrmModule) as unknown[];
    const files = filesIn('domain/crm', /^([^/]+)\/\1\.module\.ts$/);
    expect(files.length).toBeGreaterThanOrEqual(20);
    // every feature's module but Ask's, and the shared module
    expect(imported).toHaveLength(files.length - 1 + 1);
    expect(imported).not.toContain(AskModule);
  });

  it("provides and exports the services of a feature that has no module (tickets', products'), and no other", () => {
    const provided = Reflect.getMetadata(MODULE_METADATA.PROVIDERS, CrmModule) as unknown[];
    const exported = Reflect.getMetadata(MODULE_METADATA.EXPORTS, CrmModule) as unknown[];
    expect(provided).toEqual(expect.arrayContaining([TicketsService, ProductsService, ApprovalsService, QuickEntryService]));
    expect(exported).toEqual(expect.arrayContaining([TicketsService, ProductsService]));
    const folders = new Set(readdirSync(join(SRC, 'domain/crm'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name));
    const moduleless = [...folders].filter((f) => f !== 'shared' && filesIn('domain/crm', new RegExp(`^${f}/${f}\\.module\\.ts$`)).length === 0);
    const services = moduleless.flatMap((f) => filesIn('domain/crm', new RegExp(`^${f}/[^/]+\\.service\\.ts$`)));
    expect(provided).toHaveLength(services.length);
    // a service of a feature with its own module is that module's, never provided twice
    expect(provided).not.toContain(CompaniesService);
  });

  it("registers every REST slice's controller, the export's first", () => {
    const controllers = Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, RestModule) as unknown[];
    const elsewhere = /^(ask|webhooks|events|health)\//;
    const files = filesIn('interfaces/rest', /^[^/]+\/[^/]+\.controller\.ts$/).filter((f) => !elsewhere.test(f));
    expect(controllers[0]).toBe(ExportController);
    // one controller class a file
    expect(controllers).toHaveLength(files.length);
  });

  it('finds every tool file, in the order of their places', () => {
    const files = filesIn('interfaces/mcp/tools', /^(?!index\.)[^/]+\.ts$/);
    expect(TOOL_KINDS).toHaveLength(files.length);
    expect(TOOL_KINDS.map((k) => k.name).slice(0, 5)).toEqual(['researchTools', 'recordTools', 'companyTools', 'peopleTools', 'opportunityTools']);
    const places = TOOL_KINDS.map((k) => k.place);
    expect(places).toEqual([...places].sort((a, b) => a - b));
  });
});
