import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Category } from '../../../shared/schemas/api.js';
import { dataSource } from '../../data/loader-data.js';
import { CategoriesStore, type CategoriesState } from './categories-store.js';

const CategoriesContext = createContext<CategoriesStore | null>(null);

/** One store for the screens below, seeded with the list the reader's loader read (null: failed). */
export function CategoriesProvider({
  initial,
  children,
}: {
  initial: Category[] | null;
  children: ReactNode;
}) {
  const [store] = useState(() => new CategoriesStore(initial));
  return <CategoriesContext.Provider value={store}>{children}</CategoriesContext.Provider>;
}

/** The shared categories state, and a retry that reloads the list from the API. */
export function useCategories(): CategoriesState & { retry: () => void } {
  const store = useContext(CategoriesContext);
  if (!store) throw new Error('useCategories needs a CategoriesProvider');
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { ...state, retry: () => void store.load(() => dataSource(undefined).categories()) };
}
