import { join } from 'node:path';
import type { Command } from 'commander';
import { seconds } from './figures.js';
import { importInto } from './import-command.js';
import { Progress } from './progress.js';
import { siteOption, useSite } from './site.js';
import { UsageError } from './usage.js';

async function seed(options: {
  fake?: string;
  out?: string;
  import: boolean;
  site?: string;
}): Promise<void> {
  const site = useSite(options.site);
  const { config } = site;
  const count = Number(options.fake);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
    throw new UsageError('seed needs --fake N with N from 1 to 1,000,000');
  const out = options.out ?? join('data', `fake-${count}`);
  const { loadSiteConfig, SITE_CONFIG_FILE } = await import('../server/content/site-config.js');
  const { writeFakeContent } = await import('./seed/fake-posts.js');
  const siteConfig = await loadSiteConfig(join(config.contentDir, SITE_CONFIG_FILE));
  const started = performance.now();
  const progress = new Progress('seed');
  await writeFakeContent({
    count,
    outDir: out,
    templateDir: config.contentDir,
    site: siteConfig,
    onProgress: progress.stage('posts written'),
  }).finally(() => progress.close());
  console.log(`Wrote ${count} posts to ${out} in ${seconds(performance.now() - started)}`);
  if (options.import) await importInto(site, out, { prune: true });
}

/** `postfolio seed --fake N [--out DIR] [--no-import] [--site DIR]`. */
export function addSeedCommand(program: Command): void {
  siteOption(program.command('seed'))
    .summary('write N generated posts as a content folder and import them')
    .usage('--fake N [--out DIR] [--no-import] [--site DIR]')
    .option('--fake <n>', 'how many posts to write (1 to 1,000,000)')
    .option('--out <dir>', 'where to write them (default data/fake-N)')
    .option('--no-import', 'only write the folder')
    .action(seed);
}
