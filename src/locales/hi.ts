/**
 * Hindi for every `<swap-widget>` on the page: `import 'swap-widget/locales/hi.js'`, or
 * `dist/locales/hi.js` with a script tag (see registry.ts). Widgets with `locale="hi"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/hi.js';
import { registerLocale } from './registry.js';

registerLocale('hi', templates);
