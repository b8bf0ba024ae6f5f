import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/ui/link.js';
import { pagePath } from '../../../shared/paths.js';
import { LoadError } from '../../components/ui/load-error.js';
import { ServerMarkup } from '../../components/ui/server-markup.js';
import { dataSource } from '../../data/loader-data.js';
import { useSiteMeta } from '../../data/site-meta.js';
import { routeHandle } from '../../head.js';
import { EmployerCard } from './employer-card.js';
import type { LandingData } from './landing-types.js';
import { StudentCard } from './student-card.js';
import './landing.css';

/** Only the two cards travel to the browser; the site's name comes from the root loader. */
export async function loader({ context }: LoaderFunctionArgs): Promise<LandingData> {
  return (await dataSource(context).site()).landing;
}

export const handle = routeHandle<typeof loader>((_data, site) => ({
  title: site.title,
  description: site.description,
}));

export function Component() {
  const landing = useLoaderData<typeof loader>();
  const site = useSiteMeta();
  return (
    <>
      <main id="main" className="landing">
        <header className="landing__header">
          <ServerMarkup part="logo" className="landing__logo" />
          {site && <p className="eyebrow">{site.author}</p>}
          <h1 className="landing__title">{site?.title ?? 'Welcome'}</h1>
          {site && <p className="landing__lead">{site.description}</p>}
        </header>
        <div className="landing__cards">
          <StudentCard student={landing.student} />
          <EmployerCard employer={landing.employer} />
        </div>
        <p className="landing__more">
          <Link to={pagePath.posts()}>Browse all posts</Link>
        </p>
      </main>
      <ServerMarkup part="footer" />
    </>
  );
}

export const ErrorBoundary = LoadError;
