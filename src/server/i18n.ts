import { compileMessage } from '@lingui/message-utils/compileMessage';
import { installMessageCompiler } from '../domain/i18n/catalog.ts';

/**
 * The server reads the catalogs as written (ICU text) and compiles each message when it is first
 * used: the emails to dancers are worded in the language they registered in.
 */
installMessageCompiler(compileMessage);
