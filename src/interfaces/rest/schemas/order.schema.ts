/** The order row lives with the shared records: the ERP interface answers it too (interfaces do not import each other). */
export { ErpState, OrderRow, orderRowExample } from '../../../edge/openapi/records/order-row.schema';
