/** Ask's public entry. */
export { AskModule } from './ask.module';
export { AskService, type AskAnswer, type AskInput, type AskListener } from './ask.service';
export { ASK_TOOLS, type AskCall, type AskTools } from './ask-tools';
