/** The search feature's public entry. */
export { SearchModule } from './search.module';
export { SearchService, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from './search.service';
export type { SearchResult } from './search.service';
export type { KeyedRecord } from './record-search';
