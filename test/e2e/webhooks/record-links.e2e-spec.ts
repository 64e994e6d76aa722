import { AddressInfo } from 'node:net';
import { createServer, Server } from 'node:http';
import request from 'supertest';
import { createWorkspace, Fixture, startApp, TestApp, uow } from '../../helpers/test-app';

/**
 * Every record `url` a delivery carries is absolute with scheme, host and port, so it opens the web app,
 * and is built from configuration only, never from the request that raised the event: a Host of an IP
 * literal or another port (or any other name) changes nothing. Without PUBLIC_URL that is
 * http://localhost:<PORT> for the default workspace and http://<slug>.<BASE_DOMAIN>:<PORT> for another
 * (PUBLIC_URL and PUBLIC_SCHEME/PUBLIC_PORT: unit-tested in test/unit/workspace/link-base.spec.ts).
 */
const DEFAULT = `links${process.pid}`;
let t: TestApp;
let home: Fixture;
let other: Fixture;
let receiver: Server;
let hookBase: string;
let port: number;
const got: { path: string; body: { event: string; url: string; data: { id?: number } } }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await startApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: '1', WEBHOOK_POLL_MS: '30', WEBHOOK_WORKER: '1', DEFAULT_WORKSPACE: DEFAULT } });
  home = await createWorkspace(t, DEFAULT);
  other = await createWorkspace(t);
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => receiver.close(r));
});

/** A request to the listening app with this Host (127.0.0.1:<port> is the default workspace). */
function call(host: string, key: string, path: string, body: object) {
  return request(`http://127.0.0.1:${port}`).post(path).set('Host', host).set('Authorization', `Bearer ${key}`).send(body);
}

async function delivered(path: string, event: string, id?: number) {
  for (let i = 0; i < 600; i++) {
    const d = got.find((g) => g.path === path && g.body.event === event && (id === undefined || g.body.data.id === id));
    if (d) return d.body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ${event} delivery at ${path}`);
}

it('links a record on the configured base, whatever Host the request that raised it named', async () => {
  // the default workspace by an IP literal with the listening port (not PORT)
  const host = `127.0.0.1:${port}`;
  await call(host, home.adminKey, '/api/v1/webhooks', { url: `${hookBase}/home`, events: ['opp_created', 'customer_created'] }).expect(201);
  const company = (await call(host, home.adminKey, '/api/v1/companies', { name: 'Linked Co' }).expect(201)).body.company.id as number;
  const opp = (await call('[2001:db8::bad]:8443', home.adminKey, '/api/v1/opportunities', { name: 'Linked deal', customer_id: company, value: 100 }).expect(201)).body.opp.id as number;
  expect((await delivered('/home', 'opp_created', opp)).url).toBe(`http://localhost:3000/opportunities/${opp}`);
  expect((await delivered('/home', 'customer_created', company)).url).toBe(`http://localhost:3000/companies/${company}`);

  // another workspace, by its subdomain with another port
  const otherHost = `${other.ws.slug}.localhost:${port}`;
  await call(otherHost, other.adminKey, '/api/v1/webhooks', { url: `${hookBase}/other`, events: ['customer_created'] }).expect(201);
  const theirs = (await call(otherHost, other.adminKey, '/api/v1/companies', { name: 'Other Co' }).expect(201)).body.company.id as number;
  expect((await delivered('/other', 'customer_created', theirs)).url).toBe(`http://${other.ws.slug}.localhost:3000/companies/${theirs}`);
  // the event journal hands out the same links (it lists an event once no older transaction is open: wait for it)
  let urls: string[] = [];
  for (let i = 0; i < 600 && !urls.length; i++) {
    const journal = await request(`http://127.0.0.1:${port}`).get('/api/v1/events?event=customer_created').set('Host', '203.0.113.66').set('Authorization', `Bearer ${home.adminKey}`).expect(200);
    urls = journal.body.events.map((e: { url: string }) => e.url);
    if (!urls.length) await new Promise((r) => setTimeout(r, 25));
  }
  expect(urls).toContain(`http://localhost:3000/companies/${company}`);
});

it('without a request: the same configured base', async () => {
  const raise = (f: Fixture, id: number) =>
    uow(t).run(async () => uow(t).recordEvent({ workspaceId: f.ws.id, event: 'ticket_created', title: `Ticket #${id}`, text: '', url: `/tickets/${id}`, data: { id }, recordType: 'ticket', recordId: id }));
  await call(`127.0.0.1:${port}`, home.adminKey, '/api/v1/webhooks', { url: `${hookBase}/tickets-home`, events: ['ticket_created'] }).expect(201);
  await call(`${other.ws.slug}.localhost:${port}`, other.adminKey, '/api/v1/webhooks', { url: `${hookBase}/tickets-other`, events: ['ticket_created'] }).expect(201);
  await raise(home, 901);
  await raise(other, 902);
  expect(t.config.port).toBe(3000);
  expect((await delivered('/tickets-home', 'ticket_created', 901)).url).toBe('http://localhost:3000/tickets/901');
  expect((await delivered('/tickets-other', 'ticket_created', 902)).url).toBe(`http://${other.ws.slug}.localhost:3000/tickets/902`);
});
