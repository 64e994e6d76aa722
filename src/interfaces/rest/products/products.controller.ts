import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { IdPipe } from '../../../edge/id.pipe';
import { ProductsService } from '../../../domain/crm/products/products.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CreateProductDto, ProductListQueryDto, UpdateProductDto } from './products.dto';
import { ProductList, ProductResponse } from './product.schema';
import { toProductList, toProductResponse } from './product.mapper';

const DUPLICATE_CODE = { 409: '`conflict` (field `code`): another product has this code' };

@ApiTags('Workspace')
@Controller('api/v1')
export class ProductsController {
  constructor(private readonly service: ProductsService) {}

  @Get('products')
  @ApiDoc({
    id: 'listProducts',
    summary: 'List products',
    description: 'The product catalogue by name (at most 1000, not paged): the active products, with `all=true` the inactive ones too. Every user may read it.',
    ok: ProductList,
  })
  @Auth({ scope: 'crm.read' })
  async list(@CurrentAuth() auth: UserContext, @Query() q: ProductListQueryDto) {
    return toProductList(await this.service.list(auth, q.all ?? false), auth.workspace);
  }

  @Get('products/:id')
  @ApiDoc({ id: 'getProduct', summary: 'Get a product', description: 'One product of the catalogue, active or not.', ok: ProductResponse })
  @Auth({ scope: 'crm.read' })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toProductResponse(await this.service.get(auth, id), auth.workspace);
  }

  @Post('products')
  @ApiDoc({
    id: 'createProduct',
    summary: 'Create a product',
    description:
      "Adds a product to the catalogue; admins only (403 `forbidden`). `currency` and `unit` default to the installation's base currency and " +
      'default unit and must be among app.currencies and app.units; the code must be unique (409).',
    ok: ProductResponse,
    errors: DUPLICATE_CODE,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateProductDto) {
    return toProductResponse(await this.service.create(auth, dto), auth.workspace);
  }

  @Patch('products/:id')
  @ApiDoc({
    id: 'updateProduct',
    summary: 'Update a product',
    description:
      'Changes the fields sent; admins only (403 `forbidden`). `active: false` retires the product (kept for history, no longer offered). ' +
      '`ext_id: null` clears it; `list_price`, `currency`, `unit` and `active` cannot be null.',
    ok: ProductResponse,
    errors: DUPLICATE_CODE,
  })
  @Auth({ scope: 'crm.write', firstParty: true })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateProductDto) {
    return toProductResponse(await this.service.update(auth, id, dto), auth.workspace);
  }
}
