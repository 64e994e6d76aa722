import { ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from '../errors';

function flatten(errors: ValidationError[], parent = ''): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  for (const e of errors) {
    const field = parent ? `${parent}.${e.property}` : e.property;
    for (const msg of Object.values(e.constraints ?? {})) out.push({ field, message: msg });
    if (e.children?.length) out.push(...flatten(e.children, field));
  }
  return out;
}

/** Whitelisting, unknown fields refused, types transformed; the 400 names every bad field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const list = flatten(errors);
      const fields = [...new Set(list.map((l) => l.field))];
      return new DomainError('invalid', list.map((l) => `${l.field}: ${l.message}`).join('; ') || 'invalid input', { fields });
    },
  });
}
