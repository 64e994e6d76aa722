import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamicModule, Type } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import pino from 'pino';
import request from 'supertest';
import { DataSource, EntityManager } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/platform/config/app-config';
import { DbConnection } from '../../src/platform/database/embedded';
import { NetworkPolicy } from '../../src/platform/net/network-policy';
import { UnitOfWork } from '../../src/platform/database/unit-of-work';
import { CredentialKind } from '../../src/domain/identity/credential.entity';
import { CredentialsService } from '../../src/domain/identity/credentials.service';
import { ProvisioningService } from '../../src/domain/identity/provisioning.service';
import { Role, User } from '../../src/domain/identity/user.entity';
import { UsersService } from '../../src/domain/identity/users.service';
import { Workspace } from '../../src/domain/workspace/workspace.entity';
import { observeResponses } from './contract';
import { openTestDb } from './test-db';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  db: DbConnection;
  get<T>(token: Type<T> | string | symbol): T;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  embedded?: boolean;
  /** Embedded database persisted in this directory (with its lock file), as in production. */
  dataDir?: string;
  /** A database opened by the caller (another instance's, or one behind a pooler); closed with the app. */
  db?: DbConnection;
  /** Extra modules for probing mechanisms that no route of this issue uses yet. */
  imports?: (Type<unknown> | DynamicModule)[];
  /** The application's root logger (default: silent, or TEST_LOG_LEVEL). */
  logger?: pino.Logger;
  /** Where OAuth client metadata documents may be fetched from (default: public addresses only, as in production). */
  clientMetadataNetwork?: NetworkPolicy;
}

/** PRIVATE_NETWORK_ALLOWLIST of tests whose webhooks, record connections or mail servers are on loopback. */
export const LOOPBACK_ALLOWLIST = '127.0.0.0/8,::1';
/** A client metadata policy reaching the tests' loopback document servers (never a setting: see AppOptions). */
export const LOOPBACK_NETWORK = NetworkPolicy.fromAllowlist([
  { net: '127.0.0.0', bits: 8, family: 'ipv4' },
  { net: '::1', bits: 128, family: 'ipv6' },
]);

export async function startApp(opts: StartOptions = {}): Promise<TestApp> {
  const db = opts.db ?? (await openTestDb({ embedded: opts.embedded, dataDir: opts.dataDir }));
  const config = loadConfig({
    DATA_DIR: opts.dataDir ?? mkdtempSync(join(tmpdir(), 'crm-test-')),
    SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
    SEED_DEMO: '0',
    // what only tests have: MCP answers checked against their outputSchema (checkToolOutputs)
    NODE_ENV: 'test',
    // e-mails are delivered explicitly (MailSender.deliver) where a test wants them
    MAIL_SEND_INTERVAL_MS: '0',
    // the webhook worker's background queries would show in other tests' query captures; tests that need it turn it on
    WEBHOOK_WORKER: '0',
    // import jobs are worked explicitly (ImportWorker.drain / round) where a test wants them
    IMPORT_WORKER: '0',
    WORKFLOW_WORKER: '0',
    // housekeeping rounds are run explicitly (CredentialRetention.prune, EmbeddedVacuum.run)
    HOUSEKEEPING_MINUTES: '0',
    // request counts are written at shutdown only (background writes would show in query captures); the console's tests set it
    USAGE_FLUSH_MS: '0',
    ...opts.env,
  });
  const logger = opts.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const app = await createApp({ config, db, logger, extraImports: opts.imports, clientMetadataNetwork: opts.clientMetadataNetwork });
  await app.init();
  observeResponses(app.getHttpServer());
  return {
    app,
    config,
    db,
    get: <T>(token: Type<T> | string | symbol) => app.get<T>(token as Type<T>),
    async close() {
      await app.close();
      await db.close();
    },
  };
}

export interface Fixture {
  ws: Workspace;
  admin: User;
  adminKey: string;
  host: string;
}

let seq = 0;
export async function createWorkspace(t: TestApp, slug = `ws${++seq}${process.pid}`): Promise<Fixture> {
  const r = await t.get(ProvisioningService).provision({ slug, name: `${slug} Ltd.`, adminEmail: `admin@${slug}.test`, adminPassword: 'Admin-Password-123' });
  return { ws: r.workspace, admin: r.admin, adminKey: r.apiKey, host: `${slug}.localhost` };
}

export async function createUser(
  t: TestApp,
  f: Fixture,
  input: { email?: string; role?: Role; department?: string; password?: string; modules?: string[]; fullName?: string } = {},
): Promise<{ user: User; key: string }> {
  const user = await t.get(UsersService).create(f.ws, {
    email: input.email ?? `user${++seq}@${f.ws.slug}.test`,
    role: input.role ?? 'sales',
    department: input.department ?? 'Sales',
    password: input.password,
    modules: input.modules,
    fullName: input.fullName,
  });
  const { token } = await t.get(CredentialsService).issue({ workspaceId: f.ws.id, kind: 'api', userId: user.id });
  return { user, key: token };
}

export async function issueKey(t: TestApp, f: Fixture, kind: CredentialKind, userId: number | null = null, scopes?: string[]): Promise<string> {
  return (await t.get(CredentialsService).issue({ workspaceId: f.ws.id, kind, userId, scopes })).token;
}

/** supertest with the workspace host and (optionally) a bearer token. */
export function api(t: TestApp, host: string, token?: string) {
  const server = t.app.getHttpServer();
  const wrap = (r: request.Test) => {
    r.set('Host', host);
    if (token) r.set('Authorization', `Bearer ${token}`);
    return r;
  };
  return {
    get: (path: string) => wrap(request(server).get(path)),
    post: (path: string, body?: object) => wrap(request(server).post(path)).send(body ?? {}),
    patch: (path: string, body?: object) => wrap(request(server).patch(path)).send(body ?? {}),
    put: (path: string, body?: object) => wrap(request(server).put(path)).send(body ?? {}),
    delete: (path: string) => wrap(request(server).delete(path)),
    raw: (method: 'get' | 'post' | 'patch' | 'delete', path: string) => wrap(request(server)[method](path)),
  };
}

/**
 * The database of `t` for a second instance in the same process (another server, or the admin CLI's context): the
 * same connection details, closed by `t` alone.
 */
export function sameDb(t: TestApp): DbConnection {
  return { url: t.db.url, socketDir: t.db.socketDir, embedded: t.db.embedded, close: async () => undefined };
}

/** Direct database access for fixtures (bypasses the unit of work on purpose: test set-up only). */
export function db(t: TestApp): EntityManager {
  return t.get(DataSource).manager;
}

export function uow(t: TestApp): UnitOfWork {
  return t.get(UnitOfWork);
}
