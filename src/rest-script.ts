/** The entry of the later file in the script-tag build: it runs, then hands itself to the first file. */
import * as rest from './rest.js';
import { provide } from './boot/handoff.js';

provide(rest);
