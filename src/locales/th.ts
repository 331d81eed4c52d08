/**
 * Thai for every `<swap-widget>` on the page: `import 'swap-widget/locales/th.js'`, or
 * `dist/locales/th.js` with a script tag (see registry.ts). Widgets with `locale="th"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/th.js';
import { registerLocale } from './registry.js';

registerLocale('th', templates);
