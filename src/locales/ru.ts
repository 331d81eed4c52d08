/**
 * Russian for every `<swap-widget>` on the page: `import 'swap-widget/locales/ru.js'`, or
 * `dist/locales/ru.js` with a script tag (see registry.ts). Widgets with `locale="ru"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/ru.js';
import { registerLocale } from './registry.js';

registerLocale('ru', templates);
