/**
 * Polish for every `<swap-widget>` on the page: `import 'swap-widget/locales/pl.js'`, or
 * `dist/locales/pl.js` with a script tag (see registry.ts). Widgets with `locale="pl"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/pl.js';
import { registerLocale } from './registry.js';

registerLocale('pl', templates);
