/**
 * Portuguese for every `<swap-widget>` on the page: `import 'swap-widget/locales/pt.js'`, or
 * `dist/locales/pt.js` with a script tag (see registry.ts). Widgets with `locale="pt"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/pt.js';
import { registerLocale } from './registry.js';

registerLocale('pt', templates);
