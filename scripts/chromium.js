// Debian's Chromium, as the tests, the bench and the screenshots launch it: one path (the
// CHROME_PATH environment variable overrides it; CHROMIUM_PATH, the bench's former name, too)
// and one set of flags (headless in a container: no sandbox, no GPU, no background traffic).
export const CHROMIUM_PATH = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
