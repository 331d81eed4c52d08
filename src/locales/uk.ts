/**
 * Ukrainian for every `<swap-widget>` on the page: `import 'swap-widget/locales/uk.js'`, or
 * `dist/locales/uk.js` with a script tag (see registry.ts). Widgets with `locale="uk"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/uk.js';
import { registerLocale } from './registry.js';

registerLocale('uk', templates);
