/**
 * The source modules a route's `prepare` loaded (a legal document in one language), by their path
 * from the website's root: the prerender writes their chunks into the page's `data-page-chunks`, so
 * the boot script fetches them at paint beside the page's own (decision 0157) instead of after the
 * app has started.
 */
export const preparedModules = new Set<string>();
