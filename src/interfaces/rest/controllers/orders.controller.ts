import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { OrdersService } from '../../../domain/crm/orders/orders.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import { CreateOrderDto, orderListQuery, OrderListQueryDto, OrderListResponseSchema, OrderPoResponseSchema, OrderResponseSchema, SetPoDto } from '../dto/orders.dto';
import { toOrderList, toOrderResponse, toPoResponse } from '../mappers/order.mapper';

const read = { scope: 'crm.read', module: MODULES.orders } as const;
const write = { scope: 'crm.write', module: MODULES.orders } as const;

@ApiTags('Orders')
@Controller('api/v1')
export class OrdersController {
  constructor(private readonly service: OrdersService) {}

  @Get('orders')
  @Auth(read)
  @ApiOkResponse({ type: OrderListResponseSchema })
  async list(@CurrentAuth() auth: UserContext, @Query() q: OrderListQueryDto) {
    return toOrderList(await this.service.list(auth, orderListQuery(q)));
  }

  @Post('orders')
  @Auth(write)
  @ApiCreatedResponse({ type: OrderResponseSchema })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateOrderDto) {
    return toOrderResponse(await this.service.create(auth, dto));
  }

  @Get('orders/:id')
  @Auth(read)
  @ApiOkResponse({ type: OrderResponseSchema })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toOrderResponse(await this.service.get(auth, id));
  }

  /** Spec 4.5: sets the customer PO; 409 once the order was sent to the ERP. */
  @Post('orders/:id/po')
  @HttpCode(200)
  @Auth(write)
  @ApiOkResponse({ type: OrderPoResponseSchema })
  @ApiConflictResponse({ description: 'conflict: the order was already sent to the ERP; change the PO in the ERP' })
  async setPo(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: SetPoDto) {
    return toPoResponse(await this.service.setPo(auth, id, dto.customer_po));
  }

  /** Queues the order for the ERP (status becomes constants.order_sent_status); 409 when already sent. */
  @Post('orders/:id/erp')
  @HttpCode(200)
  @Auth(write)
  @ApiOkResponse({ type: OrderResponseSchema })
  @ApiConflictResponse({ description: 'conflict: the order was already sent to the ERP' })
  async queue(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toOrderResponse(await this.service.queueForErp(auth, id));
  }
}
