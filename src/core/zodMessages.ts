import { config } from 'zod/mini';
import { en } from 'zod/locales';

/**
 * zod/mini (the tree-shakable zod, a tenth of the full one in the bundle) ships without messages:
 * every issue would read "Invalid input". The English ones (3 KB) keep what the user and the
 * assistant read specific: a BadResponseError naming the field and what is wrong with it
 * (api/parse.ts), a tool error saying which input is bad (mcp/call.ts). Imported for this side
 * effect by the modules that turn issues into text; global and idempotent.
 */
config(en());
