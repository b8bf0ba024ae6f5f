import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/ui/link.js';
import { pagePath } from '../../../shared/paths.js';
import { NO_IMAGE } from '../../../shared/post-image.js';
import type { PostWithRelated } from '../../../shared/schemas/api.js';
import { ServerMarkup } from '../../components/ui/server-markup.js';
import { dataSource, load } from '../../data/loader-data.js';
import { htmlInPage } from '../../data/html-in-page.js';
import { routeHandle, type RouteHandle } from '../../head.js';
import { PostCover } from './post-cover.js';
import { PostMeta } from './post-meta.js';
import { PostNeighbours } from './post-neighbours.js';
import { ReaderError, Sidebar } from '../reader/index.js';
import { PostToc } from './post-toc.js';
import './post.css';
import './post-markdown.css';
import './post-parts.css';

export async function loader({ params, context }: LoaderFunctionArgs): Promise<PostWithRelated> {
  const slug = params.slug ?? '';
  const found = await load(() => dataSource(context).post(slug));
  // Asked for by an old slug, the API follows its 301 to the post: the address follows as well.
  if (found.post.slug !== slug) throw redirect(pagePath.post(found.post.slug), 301);
  return found;
}

/** The rendered body of the post; the post's own HTML lies inside it, so it is the first match. */
const BODY = 'article.post > div.prose';

type Sent = Omit<PostWithRelated, 'post'> & { post: Omit<PostWithRelated['post'], 'content'> };

export const handle: RouteHandle = {
  ...routeHandle<typeof loader>(({ post }, site) => ({
    title: `${post.title} · ${site.title}`,
    description: post.summary,
    // The cover's own 1200×630 file when it is a photo, else a card of the title (never an SVG).
    image: post.share_image?.url,
    imageSize: post.share_image,
    imageAlt: post.image_variants?.share ? (post.image_alt ?? post.title) : post.title,
    type: 'article',
  })),
  // The body is often most of the page (a 16 KB post made a 58 KB page when sent twice).
  htmlInPage: htmlInPage<PostWithRelated, Sent>({
    omit: ({ post: { content: _content, ...post }, ...rest }) => ({ ...rest, post }),
    restore: (data, root) => ({
      ...data,
      post: { ...data.post, content: root.querySelector(BODY)?.innerHTML ?? '' },
    }),
  }),
};

export function Component() {
  const { post, posts, previous, next } = useLoaderData<typeof loader>();
  return (
    <>
      {/* The post comes first: on a phone it is what the reader came for; the sidebar follows it
          (on wide screens the grid still shows the sidebar on the left). */}
      <main id="main">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to={pagePath.landing()}>Home</Link>
            </li>
            <li aria-current="page">{post.title}</li>
          </ol>
        </nav>
        <article className="post">
          <header>
            {post.image !== NO_IMAGE && (
              <PostCover
                image={post.image}
                variants={post.image_variants}
                alt={post.image_alt ?? post.title}
              />
            )}
            <h1>{post.title}</h1>
            <PostMeta post={post} />
          </header>
          <PostToc toc={post.toc} />
          {/* Sanitized against an allow-list when the post was imported. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: post.content }} />
          <ServerMarkup part="authorBox" />
        </article>
        <PostNeighbours previous={previous} next={next} category={post.category.name} />
      </main>
      <Sidebar selected={post.category.id} related={posts} />
    </>
  );
}

export const ErrorBoundary = ReaderError;
