/**
 * Arabic for every `<swap-widget>` on the page: `import 'swap-widget/locales/ar.js'`, or
 * `dist/locales/ar.js` with a script tag (see registry.ts). Widgets with `locale="ar"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/ar.js';
import { registerLocale } from './registry.js';

registerLocale('ar', templates);
