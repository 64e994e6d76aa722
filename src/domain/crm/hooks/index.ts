/** The inbound hooks feature's public entry: what other CRM features and the interfaces may use. */
export { HooksModule } from './hooks.module';
export { HooksService } from './hooks.service';
export type { HookInput, HookView } from './hooks.service';
export { HookReceiver } from './hook-receiver';
export type { HookDelivery, HookResult, TargetCheck } from './hook-receiver';
export type { HookTarget, MappingRow } from './hooks.rules';
export { ReceiptRetention, RECEIPT_DAYS } from './receipt-retention';
