import { Controller, Get, Module, Post } from '@nestjs/common';
import { Auth, CurrentAuth } from '../../src/edge/auth.decorator';
import type { AuthContext } from '../../src/domain/identity/auth-context';

/** Routes that exercise the guard mechanisms (kinds, scope, module) independent of any feature. */
@Controller()
class ProbeController {
  @Get('api/v1/probe/opportunities')
  @Auth({ scope: 'crm.read', module: 'Opportunities' })
  opps(@CurrentAuth() auth: AuthContext) {
    return { ok: true, user: auth.user?.id, modules: auth.modules };
  }

  @Post('api/v1/probe/write')
  @Auth({ scope: 'crm.write' })
  write() {
    return { ok: true };
  }

  @Get('api/erp/v1/probe')
  @Auth({ kinds: ['erp'] })
  erp(@CurrentAuth() auth: AuthContext) {
    return { ok: true, kind: auth.credential.kind };
  }

  @Get('api/scim/v2/probe')
  @Auth({ kinds: ['scim'] })
  scim(@CurrentAuth() auth: AuthContext) {
    return { ok: true, kind: auth.credential.kind };
  }

  @Get('api/v1/probe/undeclared')
  undeclared() {
    return { ok: true };
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
