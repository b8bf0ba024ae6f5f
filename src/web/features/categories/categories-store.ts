import type { Category } from '../../../shared/schemas/api.js';

export interface CategoriesState {
  items: Category[];
  /** On while a load is pending; cleared on success and on failure. */
  loading: boolean;
  /** The last load failed; `items` still holds the previous list. */
  failed: boolean;
}

/** The categories, loaded once and shared by the top bar and the sidebar. */
export class CategoriesStore {
  private state: CategoriesState;
  private readonly listeners = new Set<() => void>();

  constructor(initial: Category[] | null) {
    this.state = { items: initial ?? [], loading: false, failed: initial === null };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CategoriesState => this.state;

  private set(next: Partial<CategoriesState>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Loads the list; a failure keeps the previous one. */
  async load(fetchCategories: () => Promise<Category[]>): Promise<void> {
    if (this.state.loading) return;
    this.set({ loading: true });
    try {
      this.set({ items: await fetchCategories(), loading: false, failed: false });
    } catch {
      this.set({ loading: false, failed: true });
    }
  }
}
