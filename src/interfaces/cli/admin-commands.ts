import { readFileSync } from 'node:fs';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../../platform/common/errors';
import { isIsoDate } from '../../platform/common/time';
import { DemoSeedService } from '../../domain/demo/demo-seed.service';
import { CredentialKind } from '../../domain/identity/credential.entity';
import { CredentialsService } from '../../domain/identity/credentials.service';
import { InvitationsService } from '../../domain/identity/invitations.service';
import { randomPassword } from '../../domain/identity/password';
import { ProvisioningService } from '../../domain/identity/provisioning.service';
import { Role } from '../../domain/identity/user.entity';
import { UsersService } from '../../domain/identity/users.service';
import { WorkspaceService } from '../../domain/workspace/workspace.service';

export type Flags = Record<string, string | true>;

function req(flags: Flags, name: string): string {
  const v = flags[name];
  if (typeof v !== 'string' || v === '') throw new DomainError('invalid', `--${name} is required`);
  return v;
}

function opt(flags: Flags, name: string): string | undefined {
  const v = flags[name];
  return typeof v === 'string' ? v : undefined;
}

export const USAGE = `commands:
  workspace:create --slug S --name N --admin-email E --admin-password P
  user:create --workspace S --email E --password P --role sales|admin [--department D] [--username U] [--name N]
  user:2fa --workspace S --user USERNAME
  user:password --workspace S --user EMAIL|USERNAME [--password-stdin]   (a generated password, printed once, or the first line of stdin; ends the user's sessions)
  user:deactivate --workspace S --user EMAIL|USERNAME   (revokes the user's sessions, API keys and OAuth tokens)
  user:permission --workspace S --user EMAIL|USERNAME --grant|--withdraw import   (admins hold every permission)
  key:create --workspace S --kind api|erp|scim [--user USERNAME] [--name LABEL]
  license:set --workspace S [--modules "A,B,..."] [--seats N] [--end YYYY-MM-DD|none] [--blocked true|false] [--state S]
  constants:set --workspace S --file constants.json   (a partial merge: each top-level key given replaces its value; the result is validated as a whole)
  demo:seed --workspace S`;

/** The admin CLI's commands: argument checks and one call into a domain service each. */
@Injectable()
export class AdminCommands {
  constructor(
    private readonly workspaces: WorkspaceService,
    private readonly provisioning: ProvisioningService,
    private readonly users: UsersService,
    private readonly credentials: CredentialsService,
    private readonly demo: DemoSeedService,
    private readonly invitations: InvitationsService,
  ) {}

  /** Reads a secret from stdin (replaced in tests); never from the command line, where `ps` shows it. */
  stdinLine: () => Promise<string> = readFirstLine;

  /** Every command and its handler (USAGE lists them for people). */
  private readonly commands = new Map<string, (flags: Flags) => Promise<Record<string, unknown>>>([
    ['workspace:create', (flags) => this.createWorkspace(flags)],
    ['user:create', (flags) => this.createUser(flags)],
    ['user:2fa', (flags) => this.enableTotp(flags)],
    ['user:password', (flags) => this.setPassword(flags)],
    ['user:deactivate', (flags) => this.deactivateUser(flags)],
    ['user:permission', (flags) => this.setPermission(flags)],
    ['key:create', (flags) => this.createKey(flags)],
    ['license:set', (flags) => this.setLicense(flags)],
    ['constants:set', (flags) => this.setConstants(flags)],
    ['demo:seed', (flags) => this.seedDemo(flags)],
  ]);

  async run(command: string, flags: Flags): Promise<Record<string, unknown>> {
    const handler = this.commands.get(command);
    if (!handler) throw new DomainError('invalid', `unknown command "${command}"\n${USAGE}`);
    return handler(flags);
  }

  private async createWorkspace(flags: Flags): Promise<Record<string, unknown>> {
    const r = await this.provisioning.provision({
      slug: req(flags, 'slug'),
      name: req(flags, 'name'),
      adminEmail: req(flags, 'admin-email'),
      adminPassword: req(flags, 'admin-password'),
      timezone: opt(flags, 'timezone'),
    });
    return { workspace: { id: r.workspace.id, slug: r.workspace.slug }, admin: { id: r.admin.id, username: r.admin.username }, api_key: r.apiKey };
  }

  private async createUser(flags: Flags): Promise<Record<string, unknown>> {
    const [slug, email, password, role] = [req(flags, 'workspace'), req(flags, 'email'), req(flags, 'password'), req(flags, 'role')];
    if (role !== 'admin' && role !== 'sales') throw new DomainError('invalid', '--role must be admin or sales');
    const ws = await this.workspaces.getBySlug(slug);
    const user = await this.users.create(ws, {
      email,
      password,
      role: role as Role,
      department: opt(flags, 'department'),
      username: opt(flags, 'username'),
      fullName: opt(flags, 'name'),
    });
    return { user: { id: user.id, username: user.username } };
  }

  private async enableTotp(flags: Flags): Promise<Record<string, unknown>> {
    const ws = await this.workspaces.getBySlug(req(flags, 'workspace'));
    const user = await this.users.getByUsername(ws.id, req(flags, 'user'));
    return await this.users.enableTotp(ws.id, user.id);
  }

  private async setPassword(flags: Flags): Promise<Record<string, unknown>> {
    const ws = await this.workspaces.getBySlug(req(flags, 'workspace'));
    const user = await this.users.getByLogin(ws.id, req(flags, 'user'));
    if (!user.active) throw new DomainError('inactive', 'this user is deactivated');
    const given = flags['password-stdin'] === true ? await this.stdinLine() : null;
    const password = given ?? randomPassword();
    const ended = await this.invitations.setPassword(ws, user, password);
    return { ok: true, user: { id: user.id, username: user.username }, ...(given === null ? { password } : {}), sessions_ended: ended };
  }

  private async deactivateUser(flags: Flags): Promise<Record<string, unknown>> {
    const ws = await this.workspaces.getBySlug(req(flags, 'workspace'));
    const user = await this.users.getByLogin(ws.id, req(flags, 'user'));
    const r = await this.users.deactivate(ws.id, user.id);
    return { ok: true, user: { id: r.user.id, username: r.user.username, active: false }, revoked_credentials: r.revoked };
  }

  private async setPermission(flags: Flags): Promise<Record<string, unknown>> {
    const ws = await this.workspaces.getBySlug(req(flags, 'workspace'));
    const user = await this.users.getByLogin(ws.id, req(flags, 'user'));
    const grant = opt(flags, 'grant');
    const withdraw = opt(flags, 'withdraw');
    if ((grant === undefined) === (withdraw === undefined)) throw new DomainError('invalid', 'give --grant PERMISSION or --withdraw PERMISSION');
    const r = await this.users.setPermission(ws.id, user.id, (grant ?? withdraw)!, grant !== undefined);
    return { ok: true, user: { id: r.id, username: r.username, modules: r.modules } };
  }

  private async createKey(flags: Flags): Promise<Record<string, unknown>> {
    const ws = await this.workspaces.getBySlug(req(flags, 'workspace'));
    const kind = req(flags, 'kind');
    if (!['api', 'erp', 'scim'].includes(kind)) throw new DomainError('invalid', '--kind must be api, erp or scim');
    let userId: number | null = null;
    if (kind === 'api') {
      const username = opt(flags, 'user');
      if (!username) throw new DomainError('invalid', '--user is required for an api key (keys act as a user)');
      userId = (await this.users.getByUsername(ws.id, username)).id;
    }
    const { token } = await this.credentials.issue({ workspaceId: ws.id, kind: kind as CredentialKind, userId, name: opt(flags, 'name') ?? `${kind} key` });
    return { key: token };
  }

  private async setLicense(flags: Flags): Promise<Record<string, unknown>> {
    const slug = req(flags, 'workspace');
    const patch: Record<string, unknown> = {};
    const modules = opt(flags, 'modules');
    if (modules !== undefined) patch.modules = modules.split(',').map((s) => s.trim()).filter(Boolean);
    const seats = opt(flags, 'seats');
    if (seats !== undefined) {
      if (!/^\d+$/.test(seats)) throw new DomainError('invalid', '--seats must be a whole number');
      patch.seats = Number(seats);
    }
    const end = opt(flags, 'end');
    if (end !== undefined) {
      if (end !== 'none' && !isIsoDate(end)) throw new DomainError('invalid', '--end must be YYYY-MM-DD or none');
      patch.end = end === 'none' ? null : end;
    }
    const blocked = opt(flags, 'blocked');
    if (blocked !== undefined) {
      if (blocked !== 'true' && blocked !== 'false') throw new DomainError('invalid', '--blocked must be true or false');
      patch.blocked = blocked === 'true';
    }
    const state = opt(flags, 'state');
    if (state !== undefined) patch.state = state;
    await this.workspaces.setLicense(slug, patch);
    return { ok: true };
  }

  private async setConstants(flags: Flags): Promise<Record<string, unknown>> {
    const slug = req(flags, 'workspace');
    const file = req(flags, 'file');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new DomainError('invalid', `--file: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    let patch: unknown;
    try {
      patch = JSON.parse(text);
    } catch (e) {
      throw new DomainError('invalid', `--file: not valid JSON (${(e as Error).message})`);
    }
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new DomainError('invalid', '--file: must hold a JSON object of constants');
    const constants = await this.workspaces.setConstants(slug, patch as Record<string, unknown>);
    return { ok: true, workspace: slug, changed: Object.keys(patch).sort(), constants };
  }

  private async seedDemo(flags: Flags): Promise<Record<string, unknown>> {
    const ws = await this.workspaces.getBySlug(req(flags, 'workspace'));
    return { ...(await this.demo.seed(ws)) };
  }
}

/** The first line of stdin, without its line end (a password piped in or typed). */
async function readFirstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  const line = text.split(/\r?\n/)[0] ?? '';
  if (!line) throw new DomainError('invalid', '--password-stdin: stdin held no password');
  return line;
}
