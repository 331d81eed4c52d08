/**
 * French for every `<swap-widget>` on the page: `import 'swap-widget/locales/fr.js'`, or
 * `dist/locales/fr.js` with a script tag (see registry.ts). Widgets with `locale="fr"`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/fr.js';
import { registerLocale } from './registry.js';

registerLocale('fr', templates);
