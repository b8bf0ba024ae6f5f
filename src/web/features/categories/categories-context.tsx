import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CategoriesState, CategoriesStore } from './categories-store.js';

export const CategoriesContext = createContext<CategoriesStore | null>(null);

/** The shared categories state and its store (for a retry). */
export function useCategories(): CategoriesState & { store: CategoriesStore } {
  const store = useContext(CategoriesContext);
  if (!store) throw new Error('useCategories needs a CategoriesContext provider');
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { ...state, store };
}
