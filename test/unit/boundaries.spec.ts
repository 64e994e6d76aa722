import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** Runs the project's ESLint config on a snippet as if it were the file at `path`. */
function lint(path: string, code: string): { ok: boolean; output: string } {
  const root = join(__dirname, '..', '..');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', path, '--format', 'stylish'], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

describe('import boundaries (eslint-plugin-boundaries)', () => {
  it.each([
    ['domain → interface', 'src/crm/companies/probe.ts', "import { RestModule } from '../../rest/rest.module';\nexport const x = RestModule;\n"],
    ['identity → crm (layer below may not import the one above)', 'src/identity/probe.ts', "import { Company } from '../crm/companies/company.entity';\nexport const x = Company;\n"],
    ['interface → another interface', 'src/rest/controllers/probe.ts', "import { AdminCommands } from '../../cli/admin-commands';\nexport const x = AdminCommands;\n"],
    ['anything → the entry point', 'src/crm/probe.ts', "import '../main';\n"],
    ['infrastructure → interface', 'src/common/probe.ts', "import { RestModule } from '../rest/rest.module';\nexport const x = RestModule;\n"],
  ])('refuses %s', (_name, path, code) => {
    const r = lint(path, code);
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/boundaries\/(dependencies|no-unknown-dependencies)/);
  });

  it.each([
    ['interface → domain', 'src/rest/controllers/probe.ts', "import { CompaniesService } from '../../crm/companies/companies.service';\nexport const x = CompaniesService;\n"],
    ['crm → identity', 'src/crm/probe.ts', "import { User } from '../identity/user.entity';\nexport const x = User;\n"],
  ])('allows %s', (_name, path, code) => {
    const r = lint(path, code);
    expect(r.output).not.toMatch(/boundaries\//);
    expect(r.ok).toBe(true);
  });
});

describe('tenancy in lint: domain code reaches tenant tables only through TenantDb', () => {
  const service = (body: string, imports = '') =>
    `${imports}import { UnitOfWork } from '../../database/unit-of-work';\nimport { Company } from './company.entity';\nexport class Probe {\n  constructor(private readonly uow: UnitOfWork) {}\n  async go(ws: number) {\n    ${body}\n  }\n}\n`;

  it.each([
    ['uow.repo()', service('return this.uow.repo(Company).find({ where: { workspaceId: ws } });')],
    ['uow.manager', service('return this.uow.manager.find(Company, { where: { workspaceId: ws } });')],
    ['a manager from run()', service('return this.uow.run(async (m) => m.find(Company, { where: { workspaceId: ws } }));')],
    ['createQueryBuilder', service("return this.uow.tenant(ws).qb(Company, 'c').subQuery().createQueryBuilder();")],
    ['an EntityManager import', service('return ws;', "import { EntityManager } from 'typeorm';\nexport type M = EntityManager;\n")],
  ])('refuses %s in src/crm', (_name, code) => {
    const r = lint('src/crm/companies/probe.ts', code);
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/tenant tables only through/);
  });

  it('allows uow.tenant(ws)', () => {
    const r = lint('src/crm/companies/probe.ts', service("return this.uow.run(async () => this.uow.tenant(ws).qb(Company, 'c').andWhere('c.active').getMany());"));
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
  });
});
