// What other features may use of webhook connections (lint: boundaries). The screens are the router's; the
// query keys and hooks are `./queries`.
export { webhookKeys } from './queries';
