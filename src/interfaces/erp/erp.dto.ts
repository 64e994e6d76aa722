import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';

/** Query of GET /api/erp/v1/orders: `claim=1` leases the returned entries for 30 minutes. */
export class ErpListQueryDto {
  @ApiPropertyOptional({ enum: ['1'], description: 'claim the returned orders: they are not returned again for 30 minutes' })
  @IsOptional()
  @IsIn(['1'], { message: 'claim must be 1 (or absent)' })
  claim?: string;
}

/**
 * The ERP's result report. `{ok:true, ext_no, status?}`: written with the ERP's number; later status
 * updates repeat it with `status` (one of constants.order_erp_statuses). `{ok:false, error}`: not written.
 */
export class ErpReportDto {
  @ApiProperty({ description: 'true: written to the ERP; false: the ERP could not write it' })
  @IsDefined()
  @IsBoolean()
  ok: boolean;

  @ApiPropertyOptional({ maxLength: 60, description: "required with ok=true: the ERP's order number" })
  @ValidateIf((o: ErpReportDto) => o.ok === true || o.ext_no !== undefined)
  @IsDefined()
  @IsString()
  @MinLength(1)
  @MaxLength(60)
  @Matches(/\S/, { message: 'ext_no must not be blank' })
  ext_no?: string;

  @ApiPropertyOptional({ maxLength: 40, description: 'with ok=true: the order status in the ERP, one of constants.order_erp_statuses (e.g. open, shipped, invoiced, closed)' })
  @ValidateIf((o: ErpReportDto) => o.status !== undefined)
  @IsString()
  @MaxLength(40)
  status?: string;

  @ApiPropertyOptional({ maxLength: 2000, description: "required with ok=false: the ERP's error message" })
  @ValidateIf((o: ErpReportDto) => o.ok === false || o.error !== undefined)
  @IsDefined()
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  @Matches(/\S/, { message: 'error must not be blank' })
  error?: string;
}

// ---- response bodies (documentation; erp.mapper.ts builds them) ----

export class ErpOwnerSchema {
  @ApiProperty() email: string;
  @ApiProperty() name: string;
}

export class ErpCustomerSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() rid: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: "'' without an ERP account" }) code: string;
  @ApiProperty({ description: "'' without an ERP account" }) ext_id: string;
  @ApiProperty() tax_no: string;
  @ApiProperty() tax_office: string;
  @ApiProperty() address: string;
  @ApiProperty() city: string;
  @ApiProperty() phone: string;
  @ApiProperty() email: string;
}

export class ErpLineSchema {
  @ApiProperty() code: string;
  @ApiProperty() ext_id: string;
  @ApiProperty() name: string;
  @ApiProperty() unit: string;
  @ApiProperty() qty: number;
  @ApiProperty() price: number;
}

export class ErpOrderSchema {
  @ApiProperty() ref: string;
  @ApiProperty() po: string;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ type: String, format: 'date', nullable: true }) due: string | null;
  @ApiProperty() kind: string;
  @ApiProperty() currency: string;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty({ type: 'integer' }) order_id: number;
  @ApiProperty({ type: 'integer' }) payment_days: number;
  @ApiProperty({ type: ErpOwnerSchema }) owner: ErpOwnerSchema;
  @ApiProperty({ type: ErpCustomerSchema }) customer: ErpCustomerSchema;
  @ApiProperty({ type: [ErpLineSchema] }) lines: ErpLineSchema[];
}

/** Spec 2.9. */
export class ErpQueueItemSchema {
  @ApiProperty({ type: 'integer', description: 'queue entry id, used in the report call' }) id: number;
  @ApiProperty({ type: 'integer', description: 'how many times the entry was claimed' }) attempts: number;
  @ApiProperty({ description: 'YYYY-MM-DDTHH:mm:ss, workspace local time' }) created_at: string;
  @ApiProperty({ type: ErpOrderSchema }) order: ErpOrderSchema;
}

export class ErpListResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: [ErpQueueItemSchema] }) orders: ErpQueueItemSchema[];
}

export class ErpOrderStateSchema {
  @ApiProperty({ enum: ['queued', 'written', 'failed'] }) status: string;
  @ApiProperty() label: string;
  @ApiProperty({ enum: ['info', 'warning', 'success', 'danger'] }) tone: string;
  @ApiProperty() ext_no: string;
  @ApiProperty() error: string;
}

/** The CRM order row after the report (spec 2.8). */
export class ErpReportedOrderSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer' }) customer_id: number;
  @ApiProperty() customer_po: string;
  @ApiProperty({ description: 'one of constants.order_statuses' }) status: string;
  @ApiProperty({ type: ErpOrderStateSchema, nullable: true }) erp: ErpOrderStateSchema | null;
}

export class ErpReportResponseSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: ErpReportedOrderSchema }) order: ErpReportedOrderSchema;
}
