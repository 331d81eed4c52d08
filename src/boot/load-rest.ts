/**
 * Loads the widget's later file (`rest.ts`). Here, for the npm build and the tests, a dynamic
 * import the host's bundler splits off. The script-tag build puts `load-rest.script.ts` in this
 * module's place (a script checked against the hash the first file carries), and the classic
 * single file `load-rest.static.ts` (everything in one file).
 */
import type * as Rest from '../rest.js';

export type RestModule = typeof Rest;

export function loadRest(): Promise<RestModule> {
  return import('../rest.js');
}
