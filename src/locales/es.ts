/**
 * Spanish for every `<swap-widget>` on the page: `import 'swap-widget/locales/es.js'`, or
 * `dist/locales/es.js` with a script tag (see registry.ts). Widgets with `locale="es"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/es.js';
import { registerLocale } from './registry.js';

registerLocale('es', templates);
