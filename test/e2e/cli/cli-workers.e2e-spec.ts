import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import { claimImportJob } from '../../../src/domain/crm/imports/import-claim';
import { AdminCommands } from '../../../src/interfaces/cli/admin-commands';
import { CliModule } from '../../../src/interfaces/cli/cli.module';
import { UnitOfWork } from '../../../src/platform/database/unit-of-work';
import { api, createWorkspace, Fixture, sameDb, startApp, TestApp } from '../../helpers/test-app';

/**
 * The admin CLI beside a running server starts none of the workers that claim shared work: a command's process
 * ends within seconds, and what it had claimed would wait for its lease (src/interfaces/cli/cli.module.ts).
 */
let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await startApp();
  f = await createWorkspace(t, 'cliworkers');
});
afterAll(() => t.close());

it('leaves an import job that is free to claim to the server, with the workers switched on in its configuration', async () => {
  const admin = api(t, f.host, f.adminKey);
  const job = (await admin.raw('post', '/api/v1/imports').attach('file', Buffer.from('name\nAcme\n'), 'companies.csv').expect(201)).body.import as { id: number };
  await admin.put(`/api/v1/imports/${job.id}/mapping`, { target: 'companies', mode: 'create', fields: ['name'] }).expect(200);
  expect((await admin.post(`/api/v1/imports/${job.id}/validate`).expect(201)).body.import.state).toBe('validating');

  const config = { ...t.config, importWorker: true, importPollMs: 20, webhookWorker: true, workflowWorker: true };
  const cli: INestApplicationContext = await NestFactory.createApplicationContext(CliModule.forRoot({ config, db: sameDb(t), logger: pino({ level: 'silent' }) }), { logger: false });
  try {
    expect(await cli.get(AdminCommands).run('license:set', { workspace: f.ws.slug, seats: '3' })).toEqual({ ok: true });
    // an import worker started by the command would have claimed the job within its first poll
    await new Promise((r) => setTimeout(r, 300));
  } finally {
    await cli.close();
  }
  // still free: this claim gets it, where a lease taken by the command's process would have refused it
  expect(await claimImportJob(t.get(UnitOfWork), 'probe', 30)).toEqual({ workspaceId: f.ws.id, id: job.id });
});
