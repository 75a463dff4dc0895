import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { NAMED_FROM_CONTENT, nameMissesLabel } from '../../web/src/lib/label-in-name';

/**
 * axe-core on the page as it is now: fails the journey on any serious or critical
 * violation of WCAG 2.1 A/AA, listing each rule, why, and the first elements it found, e.g.
 *
 *   landing ar: color-contrast (serious) Elements must meet minimum color contrast ratio
 *     #main > section > p: Fix any of the following: Element has insufficient color contrast …
 *
 * Minor and moderate findings are not failures (axe's own "needs review" ones among them).
 */
export async function expectNoA11yViolations(page: Page, where: string) {
  // Let transitions (dialogs sliding in, toasts) finish: axe judges colours as they are drawn.
  // (Waits for every finite CSS transition or animation to end; endless ones, a spinner's, never do.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  // Legacy mode: axe.run in the page itself. The default (runPartial per frame, then a new blank
  // tab to merge the frames' results) opened a tab and injected axe twice per run, half of each
  // run's time; the app has no iframes, so the rules and the verdict are the same.
  // axe-core goes into each document once: AxeBuilder evaluates its 500 KB source twice per run
  // (before the run and again in its legacy injection), as long as the run itself on a journey's
  // later screens (e2e/TIMINGS.md). A screen opened in-app keeps the document and its axe; a
  // page load gets a fresh copy. axe.run starts afresh each time (its tree and caches are built
  // per run), so the rules and the verdict are the same.
  const injected = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  const results = await new AxeBuilder({ page, ...(injected ? { axeSource: ';' } : {}) })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // WCAG 2.5.3 (label in name): experimental in axe, so off unless asked for. A button whose
    // accessible name does not contain its visible words is what a voice-control user cannot say.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .setLegacyMode()
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) =>
    [
      `${where}: ${v.id} (${v.impact}) ${v.help}`,
      ...v.nodes
        .slice(0, 4)
        .map(
          (n) => `  ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300)}`,
        ),
    ].join('\n'),
  );
  expect(report, `axe found serious or critical violations on ${where}`).toEqual([]);
}

/**
 * WCAG 2.5.3 (label in name) as axe's label-content-name-mismatch judges it, for Arabic too: axe
 * in the browser passes an Arabic button whose name leaves out its visible words ("تحديد الغرفة
 * ١٠١ متسخة" on a button reading "تحتاج تنظيفاً"), so the names and the words shown are read from
 * the page and judged by the same rule as the component tests' (web/src/lib/label-in-name.ts).
 */
export async function expectLabelsInNames(page: Page, where: string) {
  const controls = await page.evaluate(
    (selector) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((el) => el.checkVisibility())
        .map((el) => ({ name: el.getAttribute('aria-label') ?? '', visible: el.innerText })),
    NAMED_FROM_CONTENT,
  );
  const wrong = controls
    .filter((c) => nameMissesLabel(c.name, c.visible))
    .map((c) => `"${c.visible.trim()}" not in "${c.name}"`);
  expect(wrong, `controls on ${where} whose names leave out their visible words`).toEqual([]);
}
