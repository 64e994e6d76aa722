import { DataSource } from 'typeorm';
import { dataSourceOptions } from './src/platform/database/data-source-options';
import { ENTITIES } from './src/entities';

/**
 * The TypeORM CLI's data source (migration:generate / migration:run). It needs a PostgreSQL server:
 * DATABASE_URL=postgres://... npm run migration:generate --name=AddThing
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required for the TypeORM CLI');
export default new DataSource(dataSourceOptions({ url, embedded: false }, ENTITIES));
