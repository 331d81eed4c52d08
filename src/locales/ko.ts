/**
 * Korean for every `<swap-widget>` on the page: `import 'swap-widget/locales/ko.js'`, or
 * `dist/locales/ko.js` with a script tag (see registry.ts). Widgets with `locale="ko"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/ko.js';
import { registerLocale } from './registry.js';

registerLocale('ko', templates);
