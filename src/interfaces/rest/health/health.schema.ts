import { z } from 'zod';
import { named } from '../../../edge/openapi/schema';

/** GET /health: readiness of the instance. */
export const Health = named(
  'Health',
  z.object({
    ok: z.boolean().meta({ description: 'true when ready (200), false otherwise (503)' }),
    status: z.enum(['ready', 'migrating', 'unavailable']),
    database: z.enum(['up', 'down']),
    migrations: z.enum(['applied', 'pending']).optional().meta({ description: 'absent when the database is down' }),
  }),
  { description: 'Readiness of this instance: the database answers and every migration is applied.', example: { ok: true, status: 'ready', database: 'up', migrations: 'applied' } },
);
