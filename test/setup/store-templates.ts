/**
 * The unit suite's global setup: one migrated store of each engine for the whole run, which
 * `createTestStore` copies (a file copy; PostgreSQL's `CREATE DATABASE … TEMPLATE`) instead of
 * running every migration again for each of the hundreds of stores the tests make.
 */
import type { TestProject } from 'vitest/node';
import { createStoreTemplates, type StoreTemplates } from '../helpers/store-templates.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated stores `createTestStore` copies; an engine left out is migrated per store. */
    storeTemplates: StoreTemplates;
  }
}

export default async function setup(project: TestProject) {
  const templates = await createStoreTemplates();
  project.provide('storeTemplates', templates.names);
  return () => templates.drop();
}
