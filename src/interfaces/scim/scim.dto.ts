import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/*
 * OpenAPI descriptions of the SCIM bodies. SCIM bodies are not run through the REST validation pipe
 * (identity providers send attributes the CRM does not keep, in any letter case): src/interfaces/scim/user.mapper.ts
 * and src/interfaces/scim/patch.ts read them and answer 400 with a scimType.
 */

export class ScimNameDto {
  @ApiPropertyOptional({ example: 'Ayşe Yılmaz', readOnly: true }) formatted?: string;
  @ApiPropertyOptional({ example: 'Ayşe', maxLength: 100 }) givenName?: string;
  @ApiPropertyOptional({ example: 'Yılmaz', maxLength: 100 }) familyName?: string;
}

export class ScimMultiValueDto {
  @ApiProperty({ example: 'ayse@example.com' }) value: string;
  @ApiPropertyOptional({ example: 'work' }) type?: string;
  @ApiPropertyOptional() primary?: boolean;
}

export class ScimEnterpriseDto {
  @ApiPropertyOptional({ example: 'Sales North', maxLength: 100, description: 'Users of one department form a team (visibility).' }) department?: string;
}

/** POST and PUT body (Okta and Entra shapes). */
export class ScimUserBodyDto {
  @ApiProperty({ type: [String], example: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'] }) schemas: string[];
  @ApiProperty({ example: 'ayse@example.com', maxLength: 254, description: 'Unique per workspace (letter case ignored); the e-mail address unless emails gives one.' }) userName: string;
  @ApiPropertyOptional({ example: '00u1ab2cd3EF4gh5i6j7', maxLength: 255 }) externalId?: string;
  @ApiPropertyOptional({ type: ScimNameDto }) name?: ScimNameDto;
  @ApiPropertyOptional({ example: 'Ayşe Yılmaz', maxLength: 200 }) displayName?: string;
  @ApiPropertyOptional({ description: 'true or false (also the strings "True" / "False"); activation needs a free licence seat.' }) active?: boolean;
  @ApiPropertyOptional({ type: [ScimMultiValueDto] }) emails?: ScimMultiValueDto[];
  @ApiPropertyOptional({ type: [ScimMultiValueDto] }) phoneNumbers?: ScimMultiValueDto[];
  @ApiPropertyOptional({ description: 'Ignored: users set their password through the invitation.' }) password?: string;
  @ApiPropertyOptional({ type: ScimEnterpriseDto, name: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User' }) enterprise?: ScimEnterpriseDto;
}

export class ScimPatchOperationDto {
  @ApiProperty({ example: 'replace', description: 'add, remove or replace, in any letter case' }) op: string;
  @ApiPropertyOptional({ example: 'emails[type eq "work"].value' }) path?: string;
  @ApiPropertyOptional({
    description: 'New value (a string, boolean, object or array); without a path an object of attributes.',
    oneOf: [{ type: 'string' }, { type: 'boolean' }, { type: 'object', additionalProperties: true }, { type: 'array', items: {} }],
    example: false,
  })
  value?: unknown;
}

export class ScimPatchBodyDto {
  @ApiProperty({ type: [String], example: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'] }) schemas: string[];
  @ApiProperty({ type: [ScimPatchOperationDto] }) Operations: ScimPatchOperationDto[];
}
