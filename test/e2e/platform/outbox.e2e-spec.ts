import { AuditLog } from '../../../src/platform/outbox/audit-log.entity';
import { DomainEvent } from '../../../src/platform/outbox/domain-event';
import { OutboxEvent } from '../../../src/platform/outbox/outbox-event.entity';
import { createWorkspace, Fixture, startApp, TestApp, db, uow } from '../../helpers/test-app';

let t: TestApp;
let a: Fixture;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'outbox');
});
afterAll(() => t.close());

const ev = (i: number, sample = false): DomainEvent => ({
  workspaceId: a.ws.id,
  event: 'customer_created',
  title: `Company ${i}`,
  text: '',
  url: `/companies/${i}`,
  data: { id: i },
  recordType: 'company',
  recordId: i,
  sample,
});

const outboxCount = () => db(t).getRepository(OutboxEvent).count({ where: { workspaceId: a.ws.id } });

describe('unit of work and outbox', () => {
  it('writes recorded events to the outbox in the same transaction', async () => {
    const before = await outboxCount();
    await uow(t).run(async () => {
      for (let i = 0; i < 25; i++) uow(t).recordEvent(ev(i));
    });
    expect(await outboxCount()).toBe(before + 25);
  });

  it('writes no events when the operation rolls back', async () => {
    const before = await outboxCount();
    await expect(
      uow(t).run(async () => {
        uow(t).recordEvent(ev(1));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await outboxCount()).toBe(before);
  });

  it('writes none of 26 events of one operation and notes it in the audit log', async () => {
    const before = await outboxCount();
    await uow(t).run(async () => {
      for (let i = 0; i < 26; i++) uow(t).recordEvent(ev(i));
    });
    expect(await outboxCount()).toBe(before);
    const notes = await db(t).getRepository(AuditLog).find({ where: { workspaceId: a.ws.id, action: 'events_suppressed' } });
    expect(notes).toHaveLength(1);
    expect(notes[0].detail).toMatchObject({ total: 26, counts: { customer_created: 26 } });
  });

  it('joins nested operations into one unit (26 across two nested calls are one burst)', async () => {
    const before = await outboxCount();
    await uow(t).run(async () => {
      for (let i = 0; i < 13; i++) uow(t).recordEvent(ev(i));
      await uow(t).run(async () => {
        for (let i = 0; i < 13; i++) uow(t).recordEvent(ev(100 + i));
      });
    });
    expect(await outboxCount()).toBe(before);
  });

  it('records no events for sample data', async () => {
    const before = await outboxCount();
    await uow(t).run(async () => {
      uow(t).recordEvent(ev(1, true));
      uow(t).recordEvent(ev(2, false));
    });
    const rows = await db(t).getRepository(OutboxEvent).find({ where: { workspaceId: a.ws.id }, order: { id: 'DESC' }, take: 1 });
    expect(await outboxCount()).toBe(before + 1);
    expect(rows[0].recordId).toBe(2);
  });

  it('refuses to record an event outside a unit of work', () => {
    expect(() => uow(t).recordEvent(ev(1))).toThrow(/outside a unit of work/);
  });
});
