/**
 * German for every `<swap-widget>` on the page: `import 'swap-widget/locales/de.js'`, or
 * `dist/locales/de.js` with a script tag (see registry.ts). Widgets with `locale="de"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/de.js';
import { registerLocale } from './registry.js';

registerLocale('de', templates);
