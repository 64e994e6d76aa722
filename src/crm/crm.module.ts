import { Module } from '@nestjs/common';
import { ProductsModule } from './products/products.module';

/** The CRM domain: every interface (REST, MCP, workflows) calls these services. */
@Module({ imports: [ProductsModule], exports: [ProductsModule] })
export class CrmModule {}
