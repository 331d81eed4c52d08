/**
 * Turkish for every `<swap-widget>` on the page: `import 'swap-widget/locales/tr.js'`, or
 * `dist/locales/tr.js` with a script tag (see registry.ts). Widgets with `locale="tr"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/tr.js';
import { registerLocale } from './registry.js';

registerLocale('tr', templates);
