import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../edge/auth.decorator';
import { APP_PATHS, AppIndex, NOT_BUILT_HTML } from './app-shell';

/**
 * The web app's entry page for every app path (a deep link from an e-mail or a webhook body lands here,
 * and the app routes it). Public: the page holds no data; the app signs in through the REST API. The
 * workspace middleware has already answered 404 for an unknown host.
 */
@ApiExcludeController()
@Controller()
export class AppShellController {
  private readonly index = new AppIndex();

  @Get(APP_PATHS)
  @Public()
  @Header('Cache-Control', 'no-cache')
  page(@Res() res: Response): void {
    const html = this.index.html();
    res.status(html ? 200 : 503).type('html').send(html ?? NOT_BUILT_HTML);
  }
}
