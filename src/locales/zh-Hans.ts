/**
 * Simplified Chinese for every `<swap-widget>` on the page: `import 'swap-widget/locales/zh-Hans.js'`, or
 * `dist/locales/zh-Hans.js` with a script tag (see registry.ts). Widgets with `locale="zh-Hans"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/zh-Hans.js';
import { registerLocale } from './registry.js';

registerLocale('zh-Hans', templates);
