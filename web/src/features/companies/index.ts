// What other features may use of companies (lint: boundaries). The pages are the router's; the query keys and
// hooks are `./queries`, which every feature may import too.
export { DuplicateChoice } from './parts';
