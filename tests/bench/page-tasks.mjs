// Where a page's main-thread time goes while it loads: each task of the browser's main thread after the first paint,
// as long as it took, with what ran it (a script and how it was called, or only style, layout and paint), and the
// blocking time Lighthouse's slow phone would count for it (four times as long, less 50 ms). Unthrottled, as
// Lighthouse measures before it simulates the slow phone; run it quiet and beside a load to see both.
// Usage (from frontend/): node ../tests/bench/page-tasks.mjs URL [RUNS=3] [MIN_MS=5] [detail]
// With `detail`, each task shown is broken down by the browser's own steps inside it (Layout, Paint, Decode Image…).
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(root, 'frontend', 'package.json'));
const { chromium } = require('@playwright/test');

const [url, runs = '3', minMs = '5', detail] = process.argv.slice(2);
if (!url) {
  console.error('usage: node ../tests/bench/page-tasks.mjs URL [RUNS] [MIN_MS]');
  process.exit(2);
}
const SLOW_PHONE = 4;
const LONG_TASK_MS = 50;
const SETTLE_MS = 4500;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const scratch = mkdtempSync(join(tmpdir(), 'page-tasks-'));
const estimates = [];
try {
  for (let run = 1; run <= Number(runs); run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
    const page = await context.newPage();
    const trace = join(scratch, `trace-${run}.json`);
    await browser.startTracing(page, {
      path: trace,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'],
    });
    await page.goto(url);
    await page.waitForTimeout(SETTLE_MS);
    await browser.stopTracing();
    await context.close();

    const tasks = mainThreadTasks(JSON.parse(readFileSync(trace, 'utf8')).traceEvents);
    const shown = tasks.filter((task) => task.ms >= Number(minMs));
    const blocking = tasks.reduce((sum, task) => sum + Math.max(0, SLOW_PHONE * task.ms - LONG_TASK_MS), 0);
    estimates.push(blocking);
    console.log(`run ${run}: ${tasks.length} tasks after the first paint, ${Math.round(blocking)} ms blocking on a slow phone`);
    for (const task of shown) {
      console.log(`  at ${String(task.at).padStart(5)} ms  ${task.ms.toFixed(1).padStart(5)} ms  ${task.what}`);
      if (detail) {
        for (const [name, ms] of task.steps) console.log(`        ${ms.toFixed(1).padStart(5)} ms  ${name}`);
      }
    }
  }
} finally {
  await browser.close();
  rmSync(scratch, { recursive: true, force: true });
}
estimates.sort((a, b) => a - b);
console.log(`median blocking time on a slow phone: ${Math.round(estimates[Math.floor(estimates.length / 2)])} ms`);

/** The page's main-thread tasks after its first contentful paint: start (ms after navigation), length, what ran. Only
 * the page's own renderer counts: the browser runs its own pages (e.g. the address bar's popup) in others. */
function mainThreadTasks(events) {
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  if (!navigation) throw new Error(`the trace has no navigation to ${url}`);
  const { pid } = navigation;
  const firstPaint =
    events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid && e.args?.frame === navigation.args.frame)
      ?.ts ?? navigation.ts;
  const mainThread = events.find((e) => e.name === 'thread_name' && e.pid === pid && e.args.name === 'CrRendererMain')?.tid;
  const onMain = (e) => e.pid === pid && e.tid === mainThread;
  // The browser's own steps directly inside a task, summed by name, longest first.
  const inner = events.filter((e) => e.ph === 'X' && e.name !== 'RunTask' && onMain(e));
  const steps = (task) => {
    const sums = new Map();
    const within = inner.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
    for (const e of within) {
      // Only the outermost: a step inside another step is part of it.
      if (within.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur)) continue;
      sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur / 1000);
    }
    return [...sums].filter(([, ms]) => ms >= 0.5).sort((a, b) => b[1] - a[1]);
  };
  const scripts = events.filter((e) => e.name === 'AnimationFrame::Script::Execute' && e.ph === 'b' && onMain(e));
  return events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && e.ts > firstPaint)
    .map((task) => {
      const script = scripts.find((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur)?.args
        ?.animation_frame_script_timing_info;
      const what = script
        ? [script.source_location_url?.split('/').pop() || '(inline)', script.invoker_type, script.property_like_name]
            .filter(Boolean)
            .join(' ')
        : 'no script: style, layout, paint or the browser itself';
      return { at: Math.round((task.ts - navigation.ts) / 1000), ms: task.dur / 1000, what, steps: steps(task) };
    });
}
