/** The people feature's public entry: what other CRM features may use (entities are read from their own files). */
export { PeopleModule } from './people.module';
export { PeopleService } from './people.service';
export type { PersonCardRow, PersonCardSqlRow } from './person.rows';
export { personCard } from './person.rows';
export type { PersonCreateInput } from './people.service';
export { PersonCreateFields } from './person.view';
