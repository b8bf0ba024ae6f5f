import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { PostWithRelated } from '../../../shared/schemas/api.js';
import { dataSource, load } from '../../data/loader-data.js';
import { routeHandle } from '../../head.js';
import { longDate } from './long-date.js';
import { ReaderError, Sidebar } from '../reader/index.js';
import './post.css';

export async function loader({ params, context }: LoaderFunctionArgs): Promise<PostWithRelated> {
  return load(() => dataSource(context).post(params.slug ?? ''));
}

export const handle = routeHandle<typeof loader>(({ post }, site) => ({
  title: `${post.title} · ${site.title}`,
  description: post.summary,
  image: `/images/${post.image}`,
  type: 'article',
}));

export function Component() {
  const { post, posts } = useLoaderData<typeof loader>();
  return (
    <>
      <Sidebar selected={post.category.id} related={posts} />
      <main id="main">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li aria-current="page">{post.title}</li>
          </ol>
        </nav>
        <article className="post">
          <header>
            <h1>{post.title}</h1>
            <p className="post__meta">
              <time dateTime={post.published_at}>{longDate(post.published_at)}</time> ·{' '}
              <Link to={`/cate/${post.category.id}`}>{post.category.name}</Link>
            </p>
          </header>
          {/* Sanitized against an allow-list when the post was imported. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: post.content }} />
        </article>
      </main>
    </>
  );
}

export const ErrorBoundary = ReaderError;
