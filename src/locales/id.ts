/**
 * Indonesian for every `<swap-widget>` on the page: `import 'swap-widget/locales/id.js'`, or
 * `dist/locales/id.js` with a script tag (see registry.ts). Widgets with `locale="id"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/id.js';
import { registerLocale } from './registry.js';

registerLocale('id', templates);
