/**
 * Japanese for every `<swap-widget>` on the page: `import 'swap-widget/locales/ja.js'`, or
 * `dist/locales/ja.js` with a script tag (see registry.ts). Widgets with `locale="ja"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/ja.js';
import { registerLocale } from './registry.js';

registerLocale('ja', templates);
