/** The classic single-file build: the later file is inside, nothing more is loaded. */
import * as rest from '../rest.js';
import type { RestModule } from './load-rest.js';

export type { RestModule } from './load-rest.js';

export function loadRest(): Promise<RestModule> {
  return Promise.resolve(rest);
}
