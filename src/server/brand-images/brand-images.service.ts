import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { imageFiles, SHARE_SIZE } from '../../shared/image-variants.js';
import { brandPath } from '../../shared/paths.js';
import type { ImageFile } from '../../shared/schemas/images.js';
import type { SiteConfig } from '../../shared/schemas/site-config.js';
import { filesOf, SOURCES_DIR } from '../images/image-publication.js';
import { Slots } from '../content/slots.js';
import type { ImageCatalog, RecordsByName } from '../images/image-catalog.js';
import { BrandFileStore } from './brand-file-store.js';
import {
  BRAND_DIR,
  brandPlan,
  CARDS_DIR,
  drawIcons,
  drawPostCard,
  drawSiteCard,
  postCardName,
  type BrandPlan,
  type SourceOf,
} from './brand-plan.js';
import { ICON_FILES, type IconFile } from './icon-set.js';
import { webManifest } from './web-manifest.js';

/** A drawn file to answer with: its bytes, type and the name that is its version. */
export interface BrandFile {
  bytes: Buffer;
  type: string;
  name: string;
}

const PNG = 'image/png';
const POST_CARD = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.[0-9a-f]{12}\.png$/;

/**
 * The published images as the brand draws them: an SVG's sanitized drawing as served, a raster
 * original as kept for exports (or, without it, its widest served file).
 */
const servedSource =
  (imagesDir: string): SourceOf =>
  async (image) => {
    const served = (file: string) => readFile(join(imagesDir, file));
    const bytes =
      image.format === 'svg'
        ? await served(filesOf(image)[0]!)
        : await served(join(SOURCES_DIR, image.name)).catch(() =>
            served(imageFiles(image).at(-1)!.url.split('/').pop()!),
          );
    return { bytes, format: image.format, width: image.width, height: image.height };
  };

/**
 * The site's icons, web app manifest and link-preview cards, as the imported brand names them
 * (brand-plan.ts). The import draws the icon and the site's card; a file missing here (a new
 * images folder, another instance's disk) is drawn on the request that finds it missing.
 *
 * A post's card is drawn on its first request, never at import: at about 20 ms of one core a card,
 * a store of 100,000 posts would add half an hour to an import for cards that mostly nobody asks
 * for, while a post shared is asked for its card once and then served from the file. At most one
 * card is drawn at a time, so that a crawler asking for many cannot take more than one core.
 */
export class BrandImages {
  readonly files: BrandFileStore;
  private readonly drawing = new Slots(1);
  private made: { site: SiteConfig; records: RecordsByName; plan: BrandPlan } | undefined;
  private readonly sourceOf: SourceOf;

  constructor(
    imagesDir: string,
    private readonly site: () => SiteConfig | null,
    private readonly catalog: ImageCatalog,
  ) {
    this.files = new BrandFileStore(imagesDir);
    this.sourceOf = servedSource(imagesDir);
  }

  /** The brand's files for the content being served; undefined before the first import. */
  async plan(): Promise<BrandPlan | undefined> {
    const site = this.site();
    if (!site) return undefined;
    const records = await this.catalog.records();
    if (this.made?.site !== site || this.made.records !== records)
      this.made = { site, records, plan: brandPlan(site, (name) => records.get(name)) };
    return this.made.plan;
  }

  /** The site's card: the og:image of every page but a post's. */
  async siteCard(): Promise<ImageFile | undefined> {
    const plan = await this.plan();
    return plan && { url: brandPath.file(plan.siteCard), type: PNG, ...SHARE_SIZE };
  }

  /** A post's card, named by its title: drawn when it is first asked for (postCard). */
  async postCard(post: { slug: string; title: string }): Promise<ImageFile | undefined> {
    const plan = await this.plan();
    if (!plan) return undefined;
    return {
      url: brandPath.postCard(postCardName(plan, post.slug, post.title)),
      type: PNG,
      ...SHARE_SIZE,
    };
  }

  /** /manifest.webmanifest: the JSON, and the name of the icon it names as its version. */
  async manifest(): Promise<{ json: string; version: string } | undefined> {
    const plan = await this.plan();
    if (!plan) return undefined;
    const url = (file: IconFile) => brandPath.file(plan.icons[file]);
    const manifest = webManifest(plan.site, plan.look, {
      icon192: url('icon192'),
      icon512: url('icon512'),
      maskable: url('maskable'),
    });
    return { json: JSON.stringify(manifest), version: plan.icons.icon512 };
  }

  /** A file of the icon, by what it is for (/favicon.ico, /apple-touch-icon.png). */
  async icon(file: IconFile): Promise<BrandFile | undefined> {
    const plan = await this.plan();
    return plan && this.brandFile(plan.icons[file]);
  }

  /** A file of BRAND_DIR by its name: one of the current brand's, drawn if it is missing. */
  async brandFile(name: string): Promise<BrandFile | undefined> {
    const plan = await this.plan();
    if (!plan) return undefined;
    const icon = Object.entries(plan.icons).find(([, file]) => file === name)?.[0] as
      IconFile | undefined;
    if (icon) {
      await this.files.ensure(BRAND_DIR, Object.values(plan.icons), () =>
        drawIcons(plan, this.sourceOf),
      );
      return this.read(BRAND_DIR, name, ICON_FILES[icon].type);
    }
    if (name !== plan.siteCard) return undefined;
    await this.files.ensure(BRAND_DIR, [name], () => drawSiteCard(plan, this.sourceOf));
    return this.read(BRAND_DIR, name, PNG);
  }

  /**
   * A post's card by its file name, `{slug}.{hash}.png`: as drawn before, or drawn now when the
   * hash is that of the post's current title (`titleOf` reads it; undefined: no such post).
   */
  async postCardFile(
    name: string,
    titleOf: (slug: string) => Promise<string | undefined>,
  ): Promise<BrandFile | undefined> {
    const plan = await this.plan();
    const slug = POST_CARD.exec(name)?.[1];
    if (!plan || !slug) return undefined;
    const folder = join(CARDS_DIR, plan.cardKey);
    const drawn = await this.read(folder, name, PNG);
    if (drawn) return drawn;
    const title = await titleOf(slug);
    if (title === undefined || postCardName(plan, slug, title) !== name) return undefined;
    await this.files.ensure(folder, [name], () =>
      this.drawing.run(
        async () => new Map([[name, await drawPostCard(plan, title, this.sourceOf)]]),
      ),
    );
    return this.read(folder, name, PNG);
  }

  private async read(folder: string, name: string, type: string): Promise<BrandFile | undefined> {
    const bytes = await this.files.read(folder, name);
    return bytes && { bytes, type, name };
  }
}
