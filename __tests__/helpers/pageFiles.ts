import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The site's pages directory. */
export const PAGES = path.join(__dirname, '../../pages');

/** Every page module under `dir` (default: pages/), API routes left out. */
export function pageFiles(dir: string = PAGES): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'api' ? [] : pageFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** A page file's route as Next spells it: `pages/about-us/news/[slug].tsx` → `/about-us/news/[slug]`, `pages/index.tsx` → `/`. */
export function routeOfPageFile(file: string): string {
  const route = `/${path.relative(PAGES, file).split(path.sep).join('/')}`.replace(/\.tsx?$/, '').replace(/(^|\/)index$/, '');
  return route || '/';
}
