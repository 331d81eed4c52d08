/**
 * The widget's later file: its behaviour (the session: configuration checks, quotes, wallets,
 * route checks, the swap's flow, tracking) and every screen past the first frame. The first file
 * (`first.ts`) paints the form and loads this at once (`boot/load-rest.ts`).
 */
import './define-rest.js';

export { CONFIG_PROPS, SwapSession } from './session/swap-session.js';
export { renderWidget } from './swap-widget-view.js';
