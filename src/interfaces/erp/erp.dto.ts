import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';

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

  @ApiPropertyOptional({
    description: 'with ok=false: false when the ERP refuses the order (unknown customer, closed period): it goes to dead letters at once; true or omitted: retried after a backoff',
  })
  @ValidateIf((o: ErpReportDto) => o.retry !== undefined)
  @IsBoolean()
  retry?: boolean;

  @ApiPropertyOptional({
    maxLength: 36,
    description: "the claim's `lease_token`: a report whose token is not the entry's current one (the lease was taken over by another claim) is refused 409 `lease_lost`. Optional: a report without it is accepted as before",
  })
  @ValidateIf((o: ErpReportDto) => o.lease_token !== undefined)
  @IsString()
  @MinLength(1)
  @MaxLength(36)
  lease_token?: string;

  @ApiPropertyOptional({
    minimum: 1,
    description: "the `version` of the claimed entry: a report for an older version (the order's customer, lines or PO changed since) is refused 409 `superseded`; optional",
  })
  @ValidateIf((o: ErpReportDto) => o.version !== undefined)
  @IsInt()
  @Min(1)
  @Max(2147483647)
  version?: number;
}

/** Body of POST /api/erp/v1/orders/{id}/lease. */
export class ErpLeaseDto {
  @ApiProperty({ maxLength: 36, description: 'the `lease_token` of the claim (GET /api/erp/v1/orders?claim=1) whose lease to extend' })
  @IsDefined()
  @IsString()
  @MinLength(1)
  @MaxLength(36)
  lease_token: string;
}
