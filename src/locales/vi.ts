/**
 * Vietnamese for every `<swap-widget>` on the page: `import 'swap-widget/locales/vi.js'`, or
 * `dist/locales/vi.js` with a script tag (see registry.ts). Widgets with `locale="vi"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/vi.js';
import { registerLocale } from './registry.js';

registerLocale('vi', templates);
