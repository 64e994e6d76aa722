import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { lint } from './lint-snippet';

describe('import boundaries (eslint-plugin-boundaries): interfaces → edge → domain → platform', () => {
  it.each([
    ['domain → interface', 'src/domain/crm/companies/probe.ts', "import { RestModule } from '../../../interfaces/rest/rest.module';\nexport const x = RestModule;\n"],
    ['domain → edge', 'src/domain/crm/companies/probe.ts', "import { CredentialGuard } from '../../../edge/credential.guard';\nexport const x = CredentialGuard;\n"],
    ['identity → crm (a domain part may not import one above it)', 'src/domain/identity/probe.ts', "import { Company } from '../crm/companies/company.entity';\nexport const x = Company;\n"],
    ['interface → another interface', 'src/interfaces/rest/companies/probe.ts', "import { AdminCommands } from '../../cli/admin-commands';\nexport const x = AdminCommands;\n"],
    ['edge → interface', 'src/edge/probe.ts', "import { RestModule } from '../interfaces/rest/rest.module';\nexport const x = RestModule;\n"],
    ['anything → the entry point', 'src/domain/crm/probe.ts', "import '../../main';\n", 'no-unknown-dependencies'],
    ['platform → domain', 'src/platform/database/probe.ts', "import { Company } from '../../domain/crm/companies/company.entity';\nexport const x = Company;\n"],
    ['platform → edge', 'src/platform/common/probe.ts', "import { CredentialGuard } from '../../edge/credential.guard';\nexport const x = CredentialGuard;\n"],
    ['platform → interface', 'src/platform/common/probe.ts', "import { RestModule } from '../../interfaces/rest/rest.module';\nexport const x = RestModule;\n"],
  ])('refuses %s', (_name, path, code, rule = 'dependencies') => {
    const r = lint(path, code);
    expect(r.ok).toBe(false);
    // the rule that names the reason (an import of a file that does not exist would fail otherwise)
    expect(r.output).toContain(`boundaries/${rule}`);
  });

  it.each([
    ['interface → domain', 'src/interfaces/rest/companies/probe.ts', "import { CompaniesService } from '../../../domain/crm/companies/companies.service';\nexport const x = CompaniesService;\n"],
    ['interface → edge', 'src/interfaces/rest/companies/probe.ts', "import { Auth } from '../../../edge/auth.decorator';\nexport const x = Auth;\n"],
    ['edge → domain', 'src/edge/probe.ts', "import { WorkspaceService } from '../domain/workspace/workspace.service';\nexport const x = WorkspaceService;\n"],
    ['crm → identity', 'src/domain/crm/probe.ts', "import { User } from '../identity/user.entity';\nexport const x = User;\n"],
    ['domain → platform', 'src/domain/crm/probe.ts', "import { UnitOfWork } from '../../platform/database/unit-of-work';\nexport const x = UnitOfWork;\n"],
  ])('allows %s', (_name, path, code) => {
    const r = lint(path, code);
    expect(r.output).not.toMatch(/boundaries\//);
    expect(r.ok).toBe(true);
  });
});

describe('the core wiring and the CLI module: the platform and the domain, no HTTP interface', () => {
  it.each([
    ['core wiring → an interface', 'src/core.module.ts', "import { RestModule } from './interfaces/rest/rest.module';\nexport const x = RestModule;\n"],
    ['core wiring → the edge', 'src/core.module.ts', "import { ApiRateLimits } from './edge/throttle';\nexport const x = ApiRateLimits;\n"],
    ['CLI module → the app', 'src/interfaces/cli/cli.module.ts', "import { AppModule } from '../../app.module';\nexport const x = AppModule;\n"],
  ])('refuses %s', (_name, path, code) => {
    const r = lint(path, code);
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/stay below the HTTP interfaces/);
  });

  it('allows the CLI module the core wiring and its commands', () => {
    const r = lint('src/interfaces/cli/cli.module.ts', "import { coreImports } from '../../core.module';\nimport { AdminCommands } from './admin-commands';\nexport const x = [coreImports, AdminCommands];\n");
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
  });
});

describe('tenancy in lint: domain code reaches tenant tables only through TenantDb', () => {
  const service = (body: string, imports = '') =>
    `${imports}import { UnitOfWork } from '../../../platform/database/unit-of-work';\nimport { Company } from './company.entity';\nexport class Probe {\n  constructor(private readonly uow: UnitOfWork) {}\n  async go(ws: number) {\n    ${body}\n  }\n}\n`;

  it.each([
    ['uow.repo()', service('return this.uow.repo(Company).find({ where: { workspaceId: ws } });')],
    ['uow.manager', service('return this.uow.manager.find(Company, { where: { workspaceId: ws } });')],
    ['a manager from run()', service('return this.uow.run(async (m) => m.find(Company, { where: { workspaceId: ws } }));')],
    ['createQueryBuilder', service("return this.uow.tenant(ws).qb(Company, 'c').subQuery().createQueryBuilder();")],
    ['an EntityManager import', service('return ws;', "import { EntityManager } from 'typeorm';\nexport type M = EntityManager;\n")],
  ])('refuses %s in src/domain/crm', (_name, code) => {
    const r = lint('src/domain/crm/companies/probe.ts', code);
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/tenant tables only through/);
  });

  it('allows uow.tenant(ws)', () => {
    const r = lint('src/domain/crm/companies/probe.ts', service("return this.uow.run(async () => this.uow.tenant(ws).qb(Company, 'c').andWhere('c.active').getMany());"));
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
  });
});

describe('CRM features as elements: another feature only through its entry (or an entity file), no cycles', () => {
  it.each([
    ["another feature's internal file", 'src/domain/crm/leads/probe.ts', "import { CompaniesService } from '../companies/companies.service';\nexport const x = CompaniesService;\n", 'boundaries/dependencies'],
    ['crm/shared → a feature (but its entities)', 'src/domain/crm/shared/probe.ts', "import { CompaniesService } from '../companies';\nexport const x = CompaniesService;\n", 'boundaries/dependencies'],
    // companies already uses objects (ObjectRecordsService): objects using companies back closes a cycle
    ['a cycle between two features', 'src/domain/crm/objects/probe.ts', "import { CompaniesService } from '../companies';\nexport const x = CompaniesService;\n", 'crm/feature-cycles'],
  ])('refuses %s', (_name, path, code, rule) => {
    const r = lint(path, code);
    expect(r.ok).toBe(false);
    expect(r.output).toContain(rule);
  });

  it('names the cycle', () => {
    const r = lint('src/domain/crm/objects/probe.ts', "import { CompaniesService } from '../companies';\nexport const x = CompaniesService;\n");
    expect(r.output).toContain('cycle between CRM features: objects → companies → objects');
  });

  it.each([
    ["another feature's entry", 'src/domain/crm/today/probe.ts', "import { CompaniesService } from '../companies';\nexport const x = CompaniesService;\n"],
    ["another feature's entity file", 'src/domain/crm/objects/probe.ts', "import { Company } from '../companies/company.entity';\nexport const x = Company;\n"],
    ["a feature's own files", 'src/domain/crm/companies/probe.ts', "import { CompaniesService } from './companies.service';\nexport const x = CompaniesService;\n"],
    ['crm/shared → an entity file', 'src/domain/crm/shared/probe.ts', "import { Company } from '../companies/company.entity';\nexport const x = Company;\n"],
    ['the CRM root → feature internals', 'src/domain/crm/probe.ts', "import { CompaniesModule } from './companies/companies.module';\nexport const x = CompaniesModule;\n"],
    ['an interface → feature internals', 'src/interfaces/rest/companies/probe.ts', "import { CompaniesService } from '../../../domain/crm/companies/companies.service';\nexport const x = CompaniesService;\n"],
  ])('allows %s', (_name, path, code) => {
    const r = lint(path, code);
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
  });
});

describe("REST slices as elements: another slice only through its schemas, DTOs and mappers, rest/shared through none", () => {
  it.each([
    ["a slice → another slice's controller", 'src/interfaces/rest/today/probe.ts', "import { CompaniesController } from '../companies/companies.controller';\nexport const x = CompaniesController;\n"],
    ['rest/shared → a slice', 'src/interfaces/rest/shared/probe.ts', "import { Company } from '../companies/company.schema';\nexport const x = Company;\n"],
  ])('refuses %s', (_name, path, code) => {
    const r = lint(path, code);
    expect(r.ok).toBe(false);
    expect(r.output).toContain('boundaries/dependencies');
  });

  it.each([
    ["a slice → another slice's schema", 'src/interfaces/rest/today/probe.ts', "import { Company } from '../companies/company.schema';\nexport const x = Company;\n"],
    ["a slice → another slice's DTO", 'src/interfaces/rest/export/probe.ts', "import { CompanyListQueryDto } from '../companies/companies.dto';\nexport const x = CompanyListQueryDto;\n"],
    ['a slice → its own files, rest/shared, the edge and the domain', 'src/interfaces/rest/companies/probe.ts', "import { CompaniesController } from './companies.controller';\nimport { listResponse } from '../shared/common.mapper';\nimport { Auth } from '../../../edge/auth.decorator';\nimport { CompaniesService } from '../../../domain/crm/companies/companies.service';\nexport const x = [CompaniesController, listResponse, Auth, CompaniesService];\n"],
    ['the REST root → a controller', 'src/interfaces/rest/probe.ts', "import { CompaniesController } from './companies/companies.controller';\nexport const x = CompaniesController;\n"],
  ])('allows %s', (_name, path, code) => {
    const r = lint(path, code);
    expect(r.output).not.toMatch(/boundaries\//);
    expect(r.ok).toBe(true);
  });
});

describe('the web app: lib ← shell ← features, a feature through another one\'s index.ts or queries.ts only', () => {
  it.each([
    ["a feature → another feature's inner file", 'web/src/features/tickets/probe.tsx', "import { orderName } from '../orders/name';\nexport const x = orderName;\n"],
    ['the shell → a feature', 'web/src/shell/probe.tsx', "import { companyKeys } from '../features/companies/queries';\nexport const x = companyKeys;\n"],
    ['the lib → the shell', 'web/src/lib/probe.ts', "import { Loading } from '../shell/States';\nexport const x = Loading;\n"],
    ["a settings screen → another feature's inner file", 'web/src/features/webhooks/probe.ts', "import { SettingsPage } from '../settings/settings-parts';\nexport const x = SettingsPage;\n"],
  ])('refuses %s', (_name, path, code) => {
    const r = lint(path, code);
    expect(r.ok).toBe(false);
    expect(r.output).toContain('boundaries/dependencies');
  });

  it('refuses a file in no element (outside lib, shell and the features), the router aside', () => {
    const code = "import { api } from './lib/api';\nexport const x = api;\n";
    const r = lint('web/src/probe.ts', code);
    expect(r.ok).toBe(false);
    expect(r.output).toContain('boundaries/no-unknown-files');
    expect(lint('web/src/widgets/probe.tsx', "export const x = 1;\n").output).toContain('boundaries/no-unknown-files');
    expect(lint('web/src/main.tsx', code).output).not.toMatch(/boundaries\//);
  });

  it.each([
    ["a feature → another feature's index.ts", 'web/src/features/tickets/probe.tsx', "import { orderName } from '../orders';\nexport const x = orderName;\n"],
    ["a feature → another feature's queries.ts", 'web/src/features/orders/probe.tsx', "import { companyKeys } from '../companies/queries';\nexport const x = companyKeys;\n"],
    ["a feature → its own files, the shell and the lib", 'web/src/features/orders/probe.tsx', "import { orderName } from './name';\nimport { Loading } from '../../shell/States';\nimport { api } from '../../lib/api';\nexport const x = [orderName, Loading, api];\n"],
    ['the shell → the lib', 'web/src/shell/probe.tsx', "import { api } from '../lib/api';\nexport const x = api;\n"],
  ])('allows %s', (_name, path, code) => {
    const r = lint(path, code);
    expect(r.output).not.toMatch(/boundaries\//);
    expect(r.ok).toBe(true);
  });
});

describe('tenancy in lint everywhere outside src/platform: no unscoped query in interfaces, edge or any domain part', () => {
  /** Each way around TenantDb, as [name, import line or '', statement or '']: one probe file holds them all. */
  const unscoped: [string, string, string][] = [
    ['uow.manager', '', "await this.uow.manager.query('SELECT * FROM companies WHERE workspace_id = $1', [ws]);"],
    ['uow.manager on a local unit of work', '', "await uow.manager.query('SELECT 1', [ws]);"],
    ['uow.repo()', '', "await this.uow.repo('companies').count({ where: { workspaceId: ws } });"],
    ['a manager from run()', '', "await this.uow.run(async (m) => m.query('SELECT 1', [ws]));"],
    ['a manager from runDetached()', '', "await this.uow.runDetached(async (m) => m.query('SELECT 1', [ws]));"],
    ['getRepository', '', "(ws as unknown as { getRepository(e: string): unknown }).getRepository('companies');"],
    ['createQueryBuilder', '', '(ws as unknown as { createQueryBuilder(): unknown }).createQueryBuilder();'],
    ['uow.acrossWorkspaces()', '', "await this.uow.acrossWorkspaces().sql('SELECT * FROM companies');"],
    ['an EntityManager import', "import { EntityManager } from 'typeorm';", ''],
    ['a DataSource import', "import { DataSource } from 'typeorm';", ''],
    ['an @nestjs/typeorm import', "import { InjectDataSource } from '@nestjs/typeorm';", ''],
    ['a database client import', "import { Client } from 'pg';", ''],
  ];
  /** The probe for the file at `path`, and the line each case sits on. */
  const probe = (path: string, cases: [string, string, string][]) => {
    const rel = relative(dirname(path), 'src/platform/database/unit-of-work');
    const lines = [`import { UnitOfWork } from '${rel.startsWith('.') ? rel : `./${rel}`}';`];
    const at = new Map<string, number>();
    for (const [name, imp] of cases) if (imp) at.set(name, lines.push(imp, `export const _${at.size} = ${/import \{ (\w+) \}/.exec(imp)![1]};`) - 1);
    lines.push('export class Probe {', '  constructor(private readonly uow: UnitOfWork) {}', '  async go(ws: number, uow: UnitOfWork) {');
    for (const [name, , statement] of cases) if (statement) at.set(name, lines.push(`    ${statement}`));
    lines.push('  }', '}', '');
    return { code: lines.join('\n'), at };
  };
  /** Lines where lint reported a tenancy error. */
  const refused = (output: string) =>
    new Set([...output.matchAll(/^\s+(\d+):\d+\s+error\s+.*(?:tenant tables only through|is not bound to a workspace)/gm)].map((m) => Number(m[1])));

  it.each([
    ['an interface (rest)', 'src/interfaces/rest/queries/probe.ts'],
    ['an interface (mcp)', 'src/interfaces/mcp/probe.ts'],
    ['the edge', 'src/edge/probe.ts'],
    ['domain/workspace', 'src/domain/workspace/probe.ts'],
    ['domain/integrations', 'src/domain/integrations/probe.ts'],
    ['domain/demo', 'src/domain/demo/probe.ts'],
    ['domain/crm', 'src/domain/crm/companies/probe.ts'],
  ])('refuses every unscoped query in %s', (_where, path) => {
    const { code, at } = probe(path, unscoped);
    const r = lint(path, code);
    const lines = refused(r.output);
    expect(unscoped.map(([name]) => name).filter((name) => !lines.has(at.get(name)!))).toEqual([]);
  });

  it.each([
    ['an interface', 'src/interfaces/rest/queries/probe.ts'],
    ['the edge', 'src/edge/probe.ts'],
    ['domain/demo', 'src/domain/demo/probe.ts'],
  ])('allows uow.tenant(workspaceId) in %s', (_where, path) => {
    const { code } = probe(path, [['tenant', '', "await this.uow.run(async () => this.uow.tenant(ws).sql('SELECT * FROM companies WHERE workspace_id = $1', [uow]));"]]);
    const r = lint(path, code);
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
  });

  it('allows uow.acrossWorkspaces() in the files listed as ACROSS_WORKSPACES (the webhook worker), and nothing else unscoped', () => {
    const path = 'src/domain/integrations/webhook-worker.ts';
    const { code, at } = probe(path, unscoped);
    const lines = refused(lint(path, code).output);
    expect(unscoped.map(([name]) => name).filter((name) => !lines.has(at.get(name)!))).toEqual(['uow.acrossWorkspaces()']);
  });

  it('allows the unscoped manager, data source and client in src/platform', () => {
    const path = 'src/platform/database/probe.ts';
    const code =
      "import { Client } from 'pg';\nimport { DataSource, EntityManager } from 'typeorm';\n" +
      'export async function probe(ds: DataSource, m: EntityManager, c: Client) {\n' +
      "  await ds.transaction(async (tx) => tx.query('SELECT 1'));\n  await c.query('SELECT 1');\n" +
      "  return [ds.getRepository('companies'), m.createQueryBuilder().select('1')];\n}\n";
    const r = lint(path, code);
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
  });
});

describe('names', () => {
  it('spells every rules file <name>.rules.ts (pure rules, table-tested)', () => {
    const src = join(__dirname, '..', '..', '..', 'src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /rules?\.ts$/i.test(f) && !f.includes('migrations'));
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((f) => !/(^|\/)[a-z-]+\.rules\.ts$/.test(f))).toEqual([]);
  });
});
