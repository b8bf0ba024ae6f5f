export { CategoriesProvider, useCategories } from './categories-context.js';
