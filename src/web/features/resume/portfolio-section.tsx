import { PORTFOLIO_IMAGE_SIZES } from '../../../shared/image-layout.js';
import type { ImageVariants } from '../../../shared/schemas/images.js';
import type { Portfolio } from '../../../shared/schemas/site-config.js';
import { ImagePlaceholder } from '../../components/ui/image-placeholder.js';
import { Picture } from '../../components/ui/picture.js';
import { ResumeSection } from './resume-section.js';
import type { SectionText } from './sections.js';

type Product = NonNullable<Portfolio['products']>[number];

export function PortfolioSection({
  products,
  images,
  text,
}: {
  products: Product[];
  images: Record<string, ImageVariants>;
  text: SectionText;
}) {
  return (
    <ResumeSection id="portfolio" text={text}>
      <ul className="resume-products">
        {products.map((product) => (
          <li key={product.name}>
            <ProductCard
              product={product}
              variants={product.image === undefined ? undefined : images[product.image]}
            />
          </li>
        ))}
      </ul>
    </ResumeSection>
  );
}

function ProductCard({ product, variants }: { product: Product; variants?: ImageVariants }) {
  const external = /^https?:/.test(product.url);
  return (
    <article className="resume-product">
      {product.image === undefined ? (
        <ImagePlaceholder className="resume-product__image" name={product.name} />
      ) : (
        <Picture
          className="resume-product__image"
          image={product.image}
          variants={variants}
          sizes={PORTFOLIO_IMAGE_SIZES}
          alt={`Preview of ${product.name}`}
        />
      )}
      <div className="resume-product__body">
        <h3 className="resume-product__name">{product.name}</h3>
        <p className="resume-product__description">{product.description}</p>
        {product.tags.length > 0 && (
          <ul className="resume-product__tags" aria-label="Tags">
            {product.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
        <p className="resume-product__link">
          <a
            href={product.url}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            Visit {product.name}
            {external && <span className="visually-hidden"> (opens in a new tab)</span>}
          </a>
        </p>
      </div>
    </article>
  );
}
