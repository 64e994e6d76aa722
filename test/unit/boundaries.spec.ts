import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { lint } from './lint-snippet';

describe('import boundaries (eslint-plugin-boundaries): interfaces → edge → domain → platform', () => {
  it.each([
    ['domain → interface', 'src/domain/crm/companies/probe.ts', "import { RestModule } from '../../../interfaces/rest/rest.module';\nexport const x = RestModule;\n"],
    ['domain → edge', 'src/domain/crm/companies/probe.ts', "import { CredentialGuard } from '../../../edge/credential.guard';\nexport const x = CredentialGuard;\n"],
    ['identity → crm (a domain part may not import one above it)', 'src/domain/identity/probe.ts', "import { Company } from '../crm/companies/company.entity';\nexport const x = Company;\n"],
    ['interface → another interface', 'src/interfaces/rest/controllers/probe.ts', "import { AdminCommands } from '../../cli/admin-commands';\nexport const x = AdminCommands;\n"],
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
    ['interface → domain', 'src/interfaces/rest/controllers/probe.ts', "import { CompaniesService } from '../../../domain/crm/companies/companies.service';\nexport const x = CompaniesService;\n"],
    ['interface → edge', 'src/interfaces/rest/controllers/probe.ts', "import { Auth } from '../../../edge/auth.decorator';\nexport const x = Auth;\n"],
    ['edge → domain', 'src/edge/probe.ts', "import { WorkspaceService } from '../domain/workspace/workspace.service';\nexport const x = WorkspaceService;\n"],
    ['crm → identity', 'src/domain/crm/probe.ts', "import { User } from '../identity/user.entity';\nexport const x = User;\n"],
    ['domain → platform', 'src/domain/crm/probe.ts', "import { UnitOfWork } from '../../platform/database/unit-of-work';\nexport const x = UnitOfWork;\n"],
  ])('allows %s', (_name, path, code) => {
    const r = lint(path, code);
    expect(r.output).not.toMatch(/boundaries\//);
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
    ['an interface → feature internals', 'src/interfaces/rest/controllers/probe.ts', "import { CompaniesService } from '../../../domain/crm/companies/companies.service';\nexport const x = CompaniesService;\n"],
  ])('allows %s', (_name, path, code) => {
    const r = lint(path, code);
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
  });
});

describe('names', () => {
  it('spells every rules file <name>.rules.ts (pure rules, table-tested)', () => {
    const src = join(__dirname, '..', '..', 'src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /rules?\.ts$/i.test(f) && !f.includes('migrations'));
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((f) => !/(^|\/)[a-z-]+\.rules\.ts$/.test(f))).toEqual([]);
  });
});
