/**
 * The entry of the script-tag build's first file (`dist/swap-widget.js`): it defines the root and
 * its form, paints the first frame, and loads the later file at once (`boot/load-rest.script.ts`).
 * What it exports: the element's class and the public events.
 */
import './define.js';

export { SwapWidget } from './swap-widget.js';
export * from './events.js';
