import { getMetadataArgsStorage } from 'typeorm';
import { ENTITIES } from '../../../src/entities';
import { AppModule } from '../../../src/app.module';

/** ENTITIES is read from the `*.entity.ts` files: an entity declared anywhere else would have no table. */
describe('ENTITIES', () => {
  it('holds every @Entity class the application declares, once', () => {
    // the application's modules import every class it uses; an entity among them that ENTITIES lacks has no table
    expect(AppModule).toBeDefined();
    const declared = getMetadataArgsStorage()
      .tables.filter((t) => t.type === 'regular' && typeof t.target === 'function')
      .map((t) => (t.target as Function).name);
    const listed = ENTITIES.map((e) => e.name);
    expect(declared.length).toBeGreaterThan(40);
    expect([...listed].sort()).toEqual([...new Set(declared)].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('holds the tables of the outbox, identity and the CRM', () => {
    const names = ENTITIES.map((e) => e.name);
    for (const n of ['OutboxEvent', 'User', 'Workspace', 'Company', 'Ticket', 'WorkflowRun']) expect(names).toContain(n);
  });
});
