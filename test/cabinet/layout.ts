/**
 * Tablet width, checked the same way in every browser: the page is evaluated in the browser (the function is
 * serialized by the driver, so it must not close over anything) and reports a horizontal overflow and the
 * primary controls that are missing, hidden or cut off at the sides.
 */
import assert from 'node:assert/strict';

export const TABLET = { width: 768, height: 1024 } as const;

/** Primary controls of each screen the specialist uses at a tablet. */
export const PRIMARY = {
  runs: ['a[href="#/new"]', 'table.runs a.run-link', '#logout'],
  newRun: ['#files', 'select.kind', '#address', '#task', '#bundle', '#submit'],
  findings: [
    '.finding-list .finding-item.selected',
    '.finding-detail h2',
    // the frame of the page picture: the picture itself, zoomed, is wider than the frame it scrolls in
    '.page-frame',
    '#reason',
    'button[data-decision=accepted]',
    'button[data-decision=rejected]',
  ],
} as const;

export interface Layout {
  scrollWidth: number;
  innerWidth: number;
  /** Selectors whose element is absent, not rendered, or reaches past the left or right edge of the window. */
  notVisible: string[];
}

export function measureLayout(selectors: readonly string[]): Layout {
  const notVisible = selectors.filter((selector) => {
    const el = document.querySelector(selector);
    if (!el) return true;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width === 0 || box.height === 0 || style.visibility === 'hidden' || box.left < 0 || box.right > window.innerWidth + 0.5;
  });
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, notVisible };
}

/** No horizontal scrolling, every primary control on screen. */
export function assertFits(layout: Layout, screen: string): void {
  assert.ok(layout.scrollWidth <= layout.innerWidth, `${screen}: the page is ${layout.scrollWidth} px wide in a window of ${layout.innerWidth} px`);
  assert.deepEqual(layout.notVisible, [], `${screen}: controls not visible`);
}
