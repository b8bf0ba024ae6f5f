import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts, siteFixture, writeContent } from '../../../test/helpers/content-fixture.js';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/stores.js';
import { WEB_DIR } from '../../../test/helpers/web-app.js';
import type { SiteConfig } from '../../shared/schemas/site-config.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { importContent } from '../content/import.service.js';
import { mountWeb } from './web.js';
import { apiPath, pagePath } from '../../shared/paths.js';

/** The fixture site with every optional section and link left out. */
function bareSite(): SiteConfig {
  const site = siteFixture({ news: 'News' });
  delete site.portfolio.products;
  delete site.portfolio.services;
  delete site.landing.student.url;
  delete site.landing.student.link_label;
  return site;
}

/** The fixture site with its own section titles and every optional section filled. */
function titledSite(): SiteConfig {
  const site = siteFixture({ news: 'News' });
  site.portfolio.services = [{ title: 'Audits', text: 'A week of measuring.' }];
  site.portfolio.sections = {
    portfolio: { label: 'Work', title: 'Things I made', lead: 'Made with care.' },
    services: { label: 'Offers', title: 'Hire me for' },
    resume: { title: 'Where I worked' },
    contact: { label: 'Write', title: 'Say hello' },
  };
  return site;
}

async function appWith(test: TestStore, site: SiteConfig): Promise<FastifyInstance> {
  if (!existsSync(join(WEB_DIR, 'server', 'entry.server.js')))
    throw new Error('Run `npm run build` first');
  const contentDir = writeContent({ posts: manyPosts(2, 'news'), site });
  const config = loadConfig({
    CONTENT_DIR: contentDir,
    IMAGES_DIR: mkdtempSync(join(tmpdir(), 'pf-img-')),
    WEB_DIR,
  });
  await importContent(test.store, { contentDir, imagesDir: config.imagesDir });
  const app = await buildApp({ config, store: test.store, web: mountWeb });
  await app.ready();
  return app;
}

/** The texts of a page's headings of level 2 and of its section navigation. */
function outline(html: string) {
  const text = (pattern: RegExp) =>
    [...html.matchAll(pattern)].map((m) =>
      m[1]!
        .replace(/<[^>]+>/g, '')
        .replaceAll('&#x27;', "'")
        .trim(),
    );
  return {
    headings: text(/<h2[^>]*>([\s\S]*?)<\/h2>/g),
    nav: text(/class="resume-nav__link"[^>]*>([\s\S]*?)<\/a>/g),
  };
}

describe.each(ENGINES)('optional portfolio sections (%s)', (engine) => {
  describe('left out', () => {
    let test: TestStore;
    let app: FastifyInstance;
    beforeAll(async () => {
      test = await createTestStore(engine);
      app = await appWith(test, bareSite());
    });
    afterAll(async () => {
      await app.close();
      await test.drop();
    });

    it('imports, and the API answers the site without them', async () => {
      const res = await app.inject(apiPath.site());
      expect(res.statusCode).toBe(200);
      const { portfolio, landing } = res.json();
      expect(portfolio).not.toHaveProperty('products');
      expect(portfolio).not.toHaveProperty('services');
      expect(landing.student).toEqual({ title: 'Students', text: 'Learn here' });
    });

    it('renders /resume without the portfolio and services sections, nor their links', async () => {
      const res = await app.inject(pagePath.resume());
      expect(res.statusCode).toBe(200);
      const { headings, nav } = outline(res.body);
      expect(headings).toEqual(['About me', 'Experience and education', "Let's work together"]);
      expect(nav).toEqual(['Home', 'About', 'Resume', 'Contact']);
      expect(res.body).not.toContain('id="portfolio"');
      expect(res.body).not.toContain('id="services"');
      expect(res.body).toContain('href="#resume">See my work');
    });

    it('renders the landing page with a student card without a link', async () => {
      const res = await app.inject('/');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Learn here');
      expect(res.body).not.toContain('(opens in a new tab)');
    });
  });

  describe('with titles of its own', () => {
    let test: TestStore;
    let app: FastifyInstance;
    beforeAll(async () => {
      test = await createTestStore(engine);
      app = await appWith(test, titledSite());
    });
    afterAll(async () => {
      await app.close();
      await test.drop();
    });

    it('answers the titles in the API', async () => {
      const { portfolio } = (await app.inject(apiPath.site())).json();
      expect(portfolio.sections.portfolio).toEqual({
        label: 'Work',
        title: 'Things I made',
        lead: 'Made with care.',
      });
      expect(portfolio.products).toHaveLength(1);
    });

    it('renders every section under its own title and label', async () => {
      const res = await app.inject(pagePath.resume());
      expect(res.statusCode).toBe(200);
      const { headings, nav } = outline(res.body);
      expect(headings).toEqual([
        'About me',
        'Where I worked',
        'Things I made',
        'Hire me for',
        'Say hello',
      ]);
      expect(nav).toEqual(['Home', 'About', 'Resume', 'Work', 'Offers', 'Write']);
      expect(res.body).toContain('Made with care.');
      expect(res.body).toContain('href="#portfolio">See my work');
      expect((await app.inject('/')).body).toContain('Open the course');
    });
  });
});
