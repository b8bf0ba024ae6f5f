import { useState } from 'react';
import { Outlet, useLoaderData, useOutletContext, type LoaderFunctionArgs } from 'react-router';
import type { Category } from '../../../shared/schemas/api.js';
import { dataSource } from '../../data/loader-data.js';
import { ServerMarkup } from '../../components/ui/server-markup.js';
import { CategoriesProvider } from '../categories/index.js';
import { TopBar } from './top-bar.js';
import './reader.css';

interface ReaderData {
  /** null when loading failed; the sidebar then offers a retry. */
  categories: Category[] | null;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<ReaderData> {
  try {
    return { categories: await dataSource(context).categories() };
  } catch {
    return { categories: null };
  }
}

/** Categories load once for all reader screens. */
export const shouldRevalidate = () => false;

export interface ReaderOutletContext {
  sidebarVisible: boolean;
}

/** Whether the sidebar is shown; the top bar's toggle flips it for every reader screen. */
export function useSidebarVisible(): boolean {
  return useOutletContext<ReaderOutletContext>().sidebarVisible;
}

export function Component() {
  const { categories } = useLoaderData<typeof loader>();
  const [sidebarVisible, setSidebarVisible] = useState(true);
  return (
    <CategoriesProvider initial={categories}>
      <TopBar
        sidebarVisible={sidebarVisible}
        onToggleSidebar={() => setSidebarVisible((v) => !v)}
      />
      <div className={sidebarVisible ? 'reader' : 'reader reader--full'}>
        <Outlet context={{ sidebarVisible } satisfies ReaderOutletContext} />
      </div>
      <ServerMarkup part="footer" />
    </CategoriesProvider>
  );
}
