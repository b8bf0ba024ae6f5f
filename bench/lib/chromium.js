// Debian's Chromium, headless, without sandbox, GPU, QUIC or background traffic: the same
// settings as the browser tests (`scripts/chromium.json`). CHROME_PATH overrides the binary.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.js';

const chromium = JSON.parse(readFileSync(join(ROOT, 'scripts', 'chromium.json'), 'utf8'));
export const CHROME_PATH = process.env.CHROME_PATH ?? chromium.path;
export const CHROMIUM_FLAGS = chromium.flags;
