/** The orders feature's public entry: what other CRM features may use (entities are read from their own files). */
export { OrdersModule } from './orders.module';
export { OrdersService } from './orders.service';
export type { OrderView } from './orders.service';
export type { OrderInput } from './order-row';
export { ErpConnectionService } from './erp-connection.service';
export { ErpStallWatch } from './erp-stall-watch';
export { ORDER_ROW_EXAMPLE, OrderRowSchema, toOrderRow } from './order-row';
