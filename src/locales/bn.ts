/**
 * Bangla for every `<swap-widget>` on the page: `import 'swap-widget/locales/bn.js'`, or
 * `dist/locales/bn.js` with a script tag (see registry.ts). Widgets with `locale="bn"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/bn.js';
import { registerLocale } from './registry.js';

registerLocale('bn', templates);
