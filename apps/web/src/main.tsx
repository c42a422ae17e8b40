/**
 * The website's entry, kept tiny: a prerendered page (`data-prerendered` on the root) is painted
 * first, as the server sent it, and only then is the app's code evaluated and React started, so
 * the page's first paint never waits for JavaScript (decision 0120). A page the browser renders
 * itself starts at once.
 */

/** How long a page that does not paint (a tab opened in the background) waits for its first paint. */
const PAINT_WAIT_MS = 1000;

function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, PAINT_WAIT_MS);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      done();
    }
  });
}

if (document.getElementById('root')?.dataset.prerendered !== undefined) await afterFirstContentfulPaint();
const { start } = await import('./app/start');
void start();

export {};
