import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { PostPreview } from '../../../shared/schemas/preview.js';
import { dataSource, load } from '../../data/loader-data.js';
import type { RouteHandle } from '../../head.js';
import { longDate } from './long-date.js';
import { Component as PostPage, ErrorBoundary, handle as postHandle } from './post-route.js';
import './preview.css';
import { pagePath } from '../../../shared/paths.js';

/**
 * A private preview (`/preview/{token}`): the post exactly as its page will show it, under a
 * "Draft" banner, never indexed or stored (the server sends it `private, no-store`). A link to a
 * post that has since gone public leads to its page.
 */
export async function loader({ params, context }: LoaderFunctionArgs): Promise<PostPreview> {
  const preview = await load(() => dataSource(context).preview(params.token ?? ''));
  if (preview.preview.status === 'published') throw redirect(pagePath.post(preview.post.slug));
  return preview;
}

export const handle: RouteHandle = {
  ...postHandle,
  meta: (data, site) => ({ ...postHandle.meta!(data, site), noindex: true }),
};

function DraftBanner({ preview, date }: { preview: PostPreview['preview']; date: string }) {
  return (
    <div className="draft-banner" role="status">
      <strong className="draft-banner__label">Draft</strong>{' '}
      {preview.status === 'scheduled'
        ? `Scheduled for ${longDate(date)}: not public until then.`
        : 'Not published: only people with this link can see it.'}{' '}
      <span className="draft-banner__expiry">
        The link works until {longDate(preview.expires_at)}.
      </span>
    </div>
  );
}

export function Component() {
  const { preview, post } = useLoaderData<typeof loader>();
  return (
    <>
      <DraftBanner preview={preview} date={post.published_at} />
      <PostPage />
    </>
  );
}

export { ErrorBoundary };
