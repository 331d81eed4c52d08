/**
 * Italian for every `<swap-widget>` on the page: `import 'swap-widget/locales/it.js'`, or
 * `dist/locales/it.js` with a script tag (see registry.ts). Widgets with `locale="it"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/it.js';
import { registerLocale } from './registry.js';

registerLocale('it', templates);
