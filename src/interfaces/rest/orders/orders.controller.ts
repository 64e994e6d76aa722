import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { OrderList, OrderPoResponse, OrderResponse } from './order.schema';
import { IdPipe } from '../../../edge/id.pipe';
import { OrdersService } from '../../../domain/crm/orders/orders.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { CreateOrderDto, OrderListQueryDto, SetPoDto } from './orders.dto';
import { listQuery } from '../shared/fields-dto';
import { toOrderList, toOrderResponse, toPoResponse } from './order.mapper';

const read = { scope: 'crm.read', module: MODULES.orders } as const;
const write = { scope: 'crm.write', module: MODULES.orders } as const;

const SENT = 'the order was already sent to the ERP (its status is one of constants.order_erp_statuses: sent, open, shipped, invoiced, closed)';

@ApiTags('Orders')
@Controller('api/v1')
export class OrdersController {
  constructor(private readonly service: OrdersService) {}

  @Get('orders')
  @ApiDoc({
    id: 'listOrders',
    summary: 'List orders',
    description:
      "A page of the orders the caller may see, newest first (or by last change with `sort=update`, for sync). Filters combine. Page with `limit` and the previous page's `next_cursor`.",
    ok: OrderList,
  })
  @Auth(read)
  async list(@CurrentAuth() auth: UserContext, @Query() q: OrderListQueryDto) {
    return toOrderList(await this.service.list(auth, listQuery(q)));
  }

  @Post('orders')
  @ApiDoc({
    id: 'createOrder',
    summary: 'Create an order',
    description:
      'Creates an order of a company the caller may see, optionally for one of its opportunities and a catalogue product, in status ' +
      "constants.order_new_status. amount = kg × price, rounded to cents. Currency, unit and payment days default from the opportunity, product or company. " +
      'Raises no event.',
    ok: OrderResponse,
  })
  @Auth(write)
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateOrderDto) {
    return toOrderResponse(await this.service.create(auth, dto));
  }

  @Get('orders/:id')
  @ApiDoc({ id: 'getOrder', summary: 'Get an order', description: 'One order row (spec 2.8). 404 when it does not exist or the caller may not see it.', spec: '2.8', ok: OrderResponse })
  @Auth(read)
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toOrderResponse(await this.service.get(auth, id));
  }

  /** Spec 4.5: sets the customer PO; 409 once the order was sent to the ERP. */
  @Post('orders/:id/po')
  @HttpCode(200)
  @ApiDoc({
    id: 'setOrderPo',
    summary: "Set an order's customer PO number",
    description:
      "Sets the customer's PO number: whitespace is collapsed, '' clears it, at most 60 characters after collapsing (400 `invalid`). `changed` is false " +
      'when the collapsed value equals the stored one (nothing is written). Needs edit rights on the order (403 `forbidden`). Once the order was sent ' +
      'to the ERP the number must be changed in the ERP: 409.',
    spec: '4.5',
    ok: OrderPoResponse,
    errors: { 409: `\`conflict\`: ${SENT}; change the PO in the ERP` },
  })
  @Auth(write)
  async setPo(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: SetPoDto) {
    return toPoResponse(await this.service.setPo(auth, id, dto.customer_po));
  }

  /** Queues the order for the ERP (status becomes constants.order_sent_status); 409 when already sent. */
  @Post('orders/:id/erp')
  @HttpCode(200)
  @ApiDoc({
    id: 'sendOrderToErp',
    summary: 'Send an order to the ERP',
    description:
      'Puts the order in the ERP queue (spec 3.5) with the ERP order as it is now (spec 2.9) and sets its status to constants.order_sent_status; ' +
      '`erp.status` becomes `queued` until the ERP reports the result (POST /api/erp/v1/orders/{id}). Needs edit rights on the order (403 `forbidden`). ' +
      'Raises no event.',
    ok: OrderResponse,
    errors: { 409: `\`conflict\`: ${SENT}` },
  })
  @Auth(write)
  async queue(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toOrderResponse(await this.service.queueForErp(auth, id));
  }
}
