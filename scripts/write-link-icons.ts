// `npm run icons`: writes the services' marks of the owner's links from simple-icons.
import { writeFileSync } from 'node:fs';
import { BRAND_ICONS_FILE, brandIconsModule } from './brand-icons.js';

writeFileSync(BRAND_ICONS_FILE, await brandIconsModule());
console.log(`wrote ${BRAND_ICONS_FILE}`);
