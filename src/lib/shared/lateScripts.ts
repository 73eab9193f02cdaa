/**
 * Issue 35 (the large-photo article's LCP, issue 13's ≤ 2,500 ms): Next's scripts are started
 * after the page's largest paint, not beside it.
 *
 * Why: the page's largest paint is its priority image (`fetchpriority="high"`: the featured or hero
 * image) or, without one, its text. Next writes its scripts (about 130 kB gzip) as `defer` scripts
 * in `<head>`, so they download together with that image. On a slow link they share its bandwidth
 * (the media host is another origin: HTTP priorities do not order the two), and the image is shown
 * later by the time they take. Lighthouse's simulation says the same: every script downloaded and
 * run before the largest paint counts toward it (docs/performance.md, "Issue 35: Next's scripts
 * after the largest paint").
 *
 * What: pages/_document.tsx writes Next's scripts, in Next's order, as a JSON list
 * (`<script id="__NEXT_SCRIPTS__" type="application/json">`, src/lib/internals/nextHtmlContext.ts
 * `pageScripts`) and, after it, LATE_SCRIPTS_SNIPPET. The snippet starts them, in order
 * (`async = false`, as `defer` keeps it), once the page's first paint is on screen and its
 * priority image has loaded (or failed), two frames later; in any case after at most
 * LATE_SCRIPTS_FALLBACK_MS, so a hung image never keeps the page from being hydrated (nor does a
 * background tab, where no frame is drawn).
 *
 * The CSP allows the snippet by its hash (src/lib/security/headers.ts INLINE_SCRIPTS); the scripts
 * themselves come from the site (`'self'`). Tests: __tests__/browser/lateScripts.test.ts (jsdom: the
 * order, the image wait, the fallback) and e2e/late-scripts.e2e.ts (Chromium: Next's first
 * script is requested after the largest paint, and the page is hydrated).
 */

/** The id of the JSON list of Next's scripts. */
export const PAGE_SCRIPTS_ID = '__NEXT_SCRIPTS__';

/** The longest the scripts wait for the priority image (ms after the snippet runs). */
export const LATE_SCRIPTS_FALLBACK_MS = 3000;

/**
 * The inline script that starts Next's scripts (ES5: it runs before any polyfill). It waits for
 * two things: the priority image settled (loaded or failed; a page without one, or with one
 * already loaded, has nothing to wait for) and the first contentful paint reported
 * (`PerformanceObserver`, type `paint`: reported once the frame is on screen; a browser without
 * paint timing has nothing to wait for). Then two frames, so the frame that shows the image has
 * been drawn, and a task. A frame is not enough: the first frame's rendering (style, layout,
 * paint) runs after its `requestAnimationFrame` callbacks, and on a long page the scripts were
 * requested 170 ms before the first paint was on screen (a gather of the large-photo article).
 */
export const LATE_SCRIPTS_SNIPPET =
  '(function(){var d=document,w=window,started=false,waiting=2;' +
  'function start(){if(started)return;started=true;' +
  `var list=JSON.parse(d.getElementById("${PAGE_SCRIPTS_ID}").textContent);` +
  'for(var i=0;i<list.length;i++){var s=d.createElement("script");s.src=list[i].src;' +
  'if(list[i].noModule)s.noModule=true;if(list[i].crossOrigin)s.crossOrigin=list[i].crossOrigin;' +
  's.async=false;d.head.appendChild(s)}}' +
  'function ready(){if(--waiting===0)requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})}' +
  `setTimeout(start,${LATE_SCRIPTS_FALLBACK_MS});` +
  'var image=d.querySelector(\'img[fetchpriority="high"]\');' +
  'if(image&&!image.complete){image.addEventListener("load",ready);image.addEventListener("error",ready)}else ready();' +
  'var types=(w.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];' +
  'function painted(){return performance.getEntriesByName("first-contentful-paint").length>0}' +
  'if(types.indexOf("paint")<0||painted())ready();' +
  'else{var observer=new PerformanceObserver(function(){if(painted()){observer.disconnect();ready()}});observer.observe({type:"paint",buffered:true})}' +
  '})();'
