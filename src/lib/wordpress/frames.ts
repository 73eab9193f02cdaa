/**
 * Pages built from frames (spec §3 "Frame type", §7 frame, frame_type and fp_page reads;
 * ARCHITECTURE "Frames").
 *
 * An `fp_page` lists frame ids in `acf.frames`; each `frame` names its type's slug in
 * `acf.frame_type`; each `frame_type` holds `fields_mapping`, a JSON list of mapping rules that
 * turn the frame's data into the props of the component registered for that type.
 *
 * The mapping engine:
 * - A rule is `{field, valueSingle: {label, path}}`, `{field, valueObject: {[name]: {label, path}}}`
 *   or `{field, valueList: {label, path, fields: {[name]: {label, path}}}}`: `field` and exactly
 *   one of the three. `items` is accepted as a synonym of `fields` (not both). `label` is for
 *   editors only: it must be a string when present. Paths are dot paths read from the frame post
 *   as WordPress answers it (`acf.title`, `acf.image.0`); a list's item paths are relative to each
 *   element. A path has no empty segment (`a..b`, `.a` are malformed).
 * - Malformed JSON, a mapping that is not a list, or any malformed rule (missing field, none or
 *   several of the three, a bad path, a repeated field) → a logged warning and `null`: the frame's
 *   props become null and its component renders nothing. Nothing here throws.
 * - Reading a path (`getPath`): object keys are own properties only; numeric segments index arrays
 *   and strings (by character: `acf.image.0` on a string gives its first character) and also
 *   read numeric keys of objects (PHP arrays with gaps arrive as objects).
 * - The `.0` rule: a single-character string read at a path whose last segment is `0` is replaced
 *   by the value at the parent path when that value is a string (an ACF image field set to return
 *   a URL instead of an array).
 * - Empty is undefined, null, a string of only white space, an empty array and an object with no
 *   own keys. `false` and `0` are values (an ACF true/false field). valueSingle → the value, or null
 *   when empty; valueObject → each member (null when empty), or null when every member is empty;
 *   valueList → the mapped elements, dropping elements whose every field is empty, or [] when the
 *   path holds no list.
 *
 * Cleaning (`cleanFrameProps`, applied by every read here; `mapFrameProps` itself is pure):
 * every string in the props, at any depth, has its development-host media URLs rewritten; then a
 * string that contains markup (`<` followed by a letter, `/`, `!` or `?`) is cleaned like page
 * bodies (`sanitizeCmsHtml`: sanitized, styles lifted, links to this site made site paths; the
 * lifted CSS, blocks and embeds become the frame's `styles`, merged into its page's `styles`); a
 * string without markup has its character references decoded, unless the decoded text would contain
 * markup (`&lt;b&gt;`), in which case it stays encoded; and a string that is just an absolute URL on
 * the content system's or the site's origin becomes a site path (ACF link fields answer absolute
 * URLs). So every string prop reads correctly as text and is also safe to render as HTML
 * (RichHtml). Links are not otherwise checked: components render them through React, which
 * blocks `javascript:` URLs.
 *
 * Images: a frame's image URLs that are WordPress attachments get the attachment's sizes
 * (`frame.images`, see frameImages.ts), so frame images have a srcset like featured images.
 *
 * Reads:
 * - `getFrameType(slug)` is cached in memory for 5 minutes per process, like the menu (concurrent
 *   callers share one request; an unknown slug is cached as null; a failed read is not cached).
 *   `clearFrameTypeCache()` is for the revalidation webhook.
 * - `getFramePage(slug)`: the page's read failing throws (so ISR keeps the last good page); no page
 *   → null; a frame whose read fails, whose type is missing or unknown, or whose type cannot be read
 *   → kept, with props null and a logged warning.
 */
import { decodeEntities } from '../shared/entities';
import { htmlToText } from '../shared/excerpt';
import type { BodyStyles, Frame, FramePage } from '../shared/types';
import { DEFAULT_PAGE_SECTION } from '../shared/wordpress/contentTypes';
import { CUSTOM_PREFIX, fetchJson, segment, WP_PREFIX, wpUrl } from '../shared/wordpress/http';
import { findFrameImages } from './frameImages';
import { mediaOrigins, mergeStyles, normalizeItem } from './normalize';
import { sanitizeCmsHtml } from '../html';
import type { WpPost } from './raw';
import { serverContext, type ServerContext } from './serverContext';
import { isBuildPhase } from '../server/buildPhase';
import { processShared } from '../server/processShared';
import { createTtlCache } from './ttlCache';
import { isRecord } from '../shared/isRecord';
import { registerProcessCache } from '../cache/processCaches';

/** Frame types are cached as long as the menu (spec §4, §9: 300000 ms). */
export const FRAME_TYPE_CACHE_MS = 300_000;

export interface LabelPath {
  label: string;
  path: string;
}

export interface ValueList {
  label: string;
  /** Path of the list in the frame's data. */
  path: string;
  /** The fields of each element, their paths relative to the element. */
  fields: Record<string, LabelPath>;
}

export type MappingRule =
  | { field: string; valueSingle: LabelPath }
  | { field: string; valueObject: Record<string, LabelPath> }
  | { field: string; valueList: ValueList };

/** A frame type as read from WordPress; `rules` is null when its fields_mapping is broken. */
export interface FrameType {
  id: number;
  slug: string;
  title: string;
  rules: MappingRule[] | null;
}

const warn = (message: string) => console.warn(`[frames] ${message}`);

/* ------------------------------------------------------------------------------------------ */
/* Parsing fields_mapping                                                                      */
/* ------------------------------------------------------------------------------------------ */

class RuleError extends Error {}

function checkName(name: unknown, what: string): string {
  if (typeof name !== 'string' || name.trim() === '' || name === '__proto__') throw new RuleError(`${what} must be a non-empty name`);
  return name;
}

function checkPath(path: unknown, what: string): string {
  if (typeof path !== 'string' || path === '' || path.split('.').some((s) => s === '')) {
    throw new RuleError(`${what}.path must be a dot path without empty segments`);
  }
  return path;
}

function checkLabel(label: unknown, what: string): string {
  if (label === undefined) return '';
  if (typeof label !== 'string') throw new RuleError(`${what}.label must be a string`);
  return label;
}

function labelPath(value: unknown, what: string): LabelPath {
  if (!isRecord(value)) throw new RuleError(`${what} must be an object with label and path`);
  return { label: checkLabel(value.label, what), path: checkPath(value.path, what) };
}

function labelPathMap(value: unknown, what: string): Record<string, LabelPath> {
  if (!isRecord(value)) throw new RuleError(`${what} must be an object of name → {label, path}`);
  return Object.fromEntries(Object.entries(value).map(([name, pair]) => [checkName(name, `a name in ${what}`), labelPath(pair, `${what}.${name}`)]));
}

const KINDS = ['valueSingle', 'valueObject', 'valueList'] as const;

function parseRule(raw: unknown, index: number): MappingRule {
  const what = `rule ${index}`;
  if (!isRecord(raw)) throw new RuleError(`${what} is not an object`);
  const field = checkName(raw.field, `${what}.field`);
  const kinds = KINDS.filter((kind) => raw[kind] !== undefined);
  if (kinds.length !== 1) throw new RuleError(`${what} (${field}) must have exactly one of ${KINDS.join(', ')}, not ${kinds.length}`);
  const where = `${what} (${field}).${kinds[0]}`;
  switch (kinds[0]) {
    case 'valueSingle':
      return { field, valueSingle: labelPath(raw.valueSingle, where) };
    case 'valueObject':
      return { field, valueObject: labelPathMap(raw.valueObject, where) };
    case 'valueList': {
      const list = raw.valueList;
      if (!isRecord(list)) throw new RuleError(`${where} must be an object with label, path and fields`);
      if (list.fields !== undefined && list.items !== undefined) throw new RuleError(`${where} has both fields and items`);
      return {
        field,
        valueList: {
          label: checkLabel(list.label, where),
          path: checkPath(list.path, where),
          fields: labelPathMap(list.fields ?? list.items, `${where}.fields`),
        },
      };
    }
  }
}

/**
 * Parses a frame type's `fields_mapping` (spec §3). Malformed JSON or any malformed rule → a
 * logged warning and null. `source` names the frame type in the warning.
 */
export function parseFieldsMapping(json: string, source = 'fields_mapping'): MappingRule[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    warn(`${source}: fields_mapping is not valid JSON (${(error as Error).message}); the frame's props are null`);
    return null;
  }
  try {
    if (!Array.isArray(parsed)) throw new RuleError('it is not a list of rules');
    const rules = parsed.map(parseRule);
    const fields = new Set<string>();
    for (const rule of rules) {
      if (fields.has(rule.field)) throw new RuleError(`the field ${rule.field} is mapped twice`);
      fields.add(rule.field);
    }
    return rules;
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    warn(`${source}: fields_mapping is malformed: ${error.message}; the frame's props are null`);
    return null;
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Mapping                                                                                     */
/* ------------------------------------------------------------------------------------------ */

const INDEX = /^(0|[1-9]\d*)$/;

function charAt(text: string, index: number): string | undefined {
  let i = 0;
  for (const char of text) {
    if (i === index) return char;
    i += 1;
  }
  return undefined;
}

function step(value: unknown, key: string): unknown {
  if (typeof value === 'string') return INDEX.test(key) ? charAt(value, Number(key)) : undefined;
  if (Array.isArray(value)) return INDEX.test(key) ? value[Number(key)] : undefined;
  if (isRecord(value)) return Object.hasOwn(value, key) ? value[key] : undefined;
  return undefined;
}

/** Reads a dot path (`acf.items.0.title`); numeric segments index arrays and strings. '' is the data itself. */
export function getPath(data: unknown, path: string): unknown {
  if (path === '') return data;
  let current: unknown = data;
  for (const key of path.split('.')) {
    current = step(current, key);
    if (current === undefined) return undefined;
  }
  return current;
}

/** getPath plus the `.0` rule. */
function readPath(data: unknown, path: string): unknown {
  const value = getPath(data, path);
  const segments = path.split('.');
  if (segments[segments.length - 1] === '0' && typeof value === 'string' && charAt(value, 1) === undefined && value !== '') {
    const parent = getPath(data, segments.slice(0, -1).join('.'));
    if (typeof parent === 'string') return parent;
  }
  return value;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.keys(value).length === 0;
  return false;
}

const orNull = (value: unknown): unknown => (isEmpty(value) ? null : value);

function mapMembers(data: unknown, pairs: Record<string, LabelPath>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(pairs).map(([name, { path }]) => [name, orNull(readPath(data, path))]));
}

/** Maps a frame's data into props by its rules (spec §3). Pure: values are returned as found. */
export function mapFrameProps(data: unknown, rules: MappingRule[]): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const rule of rules) {
    let value: unknown;
    if ('valueSingle' in rule) {
      value = orNull(readPath(data, rule.valueSingle.path));
    } else if ('valueObject' in rule) {
      const members = mapMembers(data, rule.valueObject);
      value = Object.values(members).every((member) => member === null) ? null : members;
    } else {
      const list = getPath(data, rule.valueList.path);
      value = Array.isArray(list)
        ? list
            .map((element) => mapMembers(element, rule.valueList.fields))
            .filter((item) => Object.values(item).some((member) => member !== null))
        : [];
    }
    Object.defineProperty(props, rule.field, { value, enumerable: true, writable: true, configurable: true });
  }
  return props;
}

const MARKUP = /<[a-z/!?]/i;
const BARE_URL = /^https?:\/\/\S+$/i;

type CleanContext = Pick<ServerContext, 'rewriteMedia' | 'toSitePath'>;

/** What cleaning one frame's props needs and collects: the context, the frame's name for the log, and the bodies' needs. */
interface Cleaning extends CleanContext {
  item: string;
  styles: BodyStyles[];
}

function cleanString(text: string, cleaning: Cleaning): string {
  const { rewriteMedia, toSitePath } = cleaning;
  const rewritten = rewriteMedia(text);
  // Sanitized, media rewritten, links to this site made site paths, styles lifted: the same cleaning as page bodies.
  if (MARKUP.test(rewritten)) {
    const { html, ...styles } = sanitizeCmsHtml(rewritten, { item: cleaning.item, rewriteMedia, toSitePath, mediaOrigins: mediaOrigins() });
    cleaning.styles.push(styles);
    return html;
  }
  const decoded = decodeEntities(rewritten);
  if (MARKUP.test(decoded)) return rewritten;
  return BARE_URL.test(decoded) ? toSitePath(decoded) : decoded;
}

function cleanValue(value: unknown, cleaning: Cleaning): unknown {
  if (typeof value === 'string') return cleanString(value, cleaning);
  if (Array.isArray(value)) return value.map((v) => cleanValue(v, cleaning));
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanValue(v, cleaning)]));
  }
  return value;
}

/**
 * `cleanFrameProps`, and what the props' HTML needs besides (lifted CSS, blocks, embeds: the
 * frame's `styles`, which reach its page's `styles`). `item` names the frame in the sanitizer's log.
 */
export function cleanFramePropsWithStyles(
  props: Record<string, unknown>,
  item: string,
  context: CleanContext = serverContext(),
): { props: Record<string, unknown>; styles: BodyStyles } {
  const cleaning: Cleaning = { rewriteMedia: context.rewriteMedia, toSitePath: context.toSitePath, item, styles: [] };
  const cleaned = cleanValue(props, cleaning) as Record<string, unknown>;
  return { props: cleaned, styles: mergeStyles(...cleaning.styles) };
}

/** Rewrites media URLs, cleans strings holding markup, decodes the others, turns links to this site into paths (see the module comment). */
export function cleanFrameProps(props: Record<string, unknown>, context: CleanContext = serverContext()): Record<string, unknown> {
  return cleanFramePropsWithStyles(props, 'frame props', context).props;
}

const hasStyles = (styles: BodyStyles): boolean => styles.blocks.length > 0 || styles.css !== '' || styles.embeds.length > 0;

/* ------------------------------------------------------------------------------------------ */
/* Reads                                                                                       */
/* ------------------------------------------------------------------------------------------ */

function positiveInt(value: unknown): number | null {
  const n = typeof value === 'string' && INDEX.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

const rendered = (value: unknown): string =>
  isRecord(value) && typeof value.rendered === 'string' ? value.rendered : typeof value === 'string' ? value : '';

const acfOf = (raw: Record<string, unknown>): Record<string, unknown> => (isRecord(raw.acf) ? raw.acf : {});

async function firstBySlug(restBase: string, slug: string): Promise<unknown> {
  const { base } = serverContext();
  const { data } = await fetchJson<unknown>(wpUrl(base, WP_PREFIX, restBase, { slug }));
  if (!Array.isArray(data)) throw new Error(`${restBase}?slug=${slug} did not answer a list`);
  return data[0] ?? null;
}

function toFrameType(raw: unknown, slug: string): FrameType | null {
  if (!isRecord(raw)) return null;
  const mapping = raw.fields_mapping ?? acfOf(raw).fields_mapping;
  let rules: MappingRule[] | null = null;
  if (typeof mapping === 'string') rules = parseFieldsMapping(mapping, `frame type ${slug}`);
  else warn(`frame type ${slug} has no fields_mapping text; its frames' props are null`);
  return { id: positiveInt(raw.id) ?? 0, slug: typeof raw.slug === 'string' ? raw.slug : slug, title: htmlToText(rendered(raw.title)), rules };
}

// One per process, like the menu cache: the webhook's clear must reach the pages' copy.
/**
 * Frame types kept at most (docs/reliability.md §6): a site has tens (the seed 30); a slug read
 * from a frame that names an unknown type is kept too (as null), so the limit, not the site,
 * bounds it.
 */
export const FRAME_TYPE_CACHE_LIMIT = 200;

const frameTypes = processShared('frame-type-cache', () =>
  createTtlCache<string, FrameType | null>(FRAME_TYPE_CACHE_MS, { name: 'frame-types', maxEntries: FRAME_TYPE_CACHE_LIMIT }),
);

/**
 * `GET frame_type?slug={slug}`: the frame type, or null when WordPress has none by that slug.
 * Cached for 5 minutes; throws when the read fails (not cached).
 */
export function getFrameType(slug: string): Promise<FrameType | null> {
  if (slug.trim() === '') return Promise.resolve(null);
  return frameTypes.get(slug, async () => toFrameType(await firstBySlug('frame_type', slug), slug));
}

/** Forgets the cached frame types (the revalidation webhook calls it when a frame type changes). */
export function clearFrameTypeCache(): void {
  frameTypes.clear();
}

// A frame type changed (invalidation scope `content`). Issue 36: registered, so the invalidation clears it (src/lib/cache/processCaches.ts).
registerProcessCache({ name: 'frame-type-cache', scopes: ['content'], clear: clearFrameTypeCache });

function frameTypeSlug(acf: Record<string, unknown>): string {
  const value = acf.frame_type;
  if (typeof value === 'string') return value.trim();
  // An ACF post-object field answers the post itself.
  if (isRecord(value)) {
    const slug = value.slug ?? value.post_name;
    if (typeof slug === 'string') return slug.trim();
  }
  return '';
}

/** Builds a frame from the raw frame post: its type is read (cached) and its props mapped and cleaned. */
async function toFrame(raw: unknown, fallbackId: number): Promise<Frame> {
  const post = isRecord(raw) ? raw : {};
  const id = positiveInt(post.id) ?? fallbackId;
  const frameType = frameTypeSlug(acfOf(post));
  if (frameType === '') {
    warn(`frame ${id} names no frame_type; it renders nothing`);
    return { id, frameType, props: null };
  }
  let type: FrameType | null;
  try {
    type = await getFrameType(frameType);
  } catch (error) {
    warn(`frame ${id}: its frame type ${frameType} could not be read (${(error as Error)?.message}); its props are null`);
    return { id, frameType, props: null };
  }
  if (!type) {
    warn(`frame ${id} has the unknown frame type ${frameType}; it renders nothing`);
    return { id, frameType, props: null };
  }
  if (!type.rules) return { id, frameType, props: null };
  const { props, styles } = cleanFramePropsWithStyles(mapFrameProps(post, type.rules), `frame ${id}`);
  const images = await findFrameImages(props, id, post.image_attachments);
  return { id, frameType, props, ...(Object.keys(images).length ? { images } : {}), ...(hasStyles(styles) ? { styles } : {}) };
}

/** `GET frame/{id}`: the frame with its props. Throws when the frame cannot be read. */
export async function getFrameById(id: number): Promise<Frame> {
  const { base } = serverContext();
  const { data } = await fetchJson<unknown>(wpUrl(base, WP_PREFIX, `frame/${segment(id)}`));
  return toFrame(data, id);
}

// Frames read by this build process (see getFrameForPage).
const buildFrames = processShared('build-frame-cache', () => new Map<number, Promise<Frame>>());

/**
 * A page's frame. During `next build` each frame is read once per build process and shared by the
 * pages that use it: frames are building blocks that many pages reuse, and a build renders one
 * snapshot of the content (issue 5: at most 1.1 WordPress requests per generated page). A failed
 * read is not kept. At run time (ISR regeneration, on-demand revalidation) every page reads its
 * frames afresh, so an edited frame shows on the page's next regeneration.
 */
export function getFrameForPage(id: number): Promise<Frame> {
  if (!isBuildPhase()) return getFrameById(id);
  let frame = buildFrames.get(id);
  if (!frame) {
    frame = getFrameById(id);
    buildFrames.set(id, frame);
    frame.catch(() => buildFrames.delete(id));
  }
  return frame;
}

/** For tests: forget the frames kept by a build process. */
export function clearBuildFrameCacheForTests(): void {
  buildFrames.clear();
}

export interface FrameRecord {
  id: number;
  slug: string;
  /** Plain text, character references decoded. */
  title: string;
}

/**
 * `GET /wp-json/custom-api/v1/frame-id` (spec §7 custom reads): every frame as `{id, slug, title}`.
 * Frames are parts of pages, not pages, so this list has no site path. Throws when the read fails.
 */
export async function getFrameIds(): Promise<FrameRecord[]> {
  const { data } = await fetchJson<unknown>(wpUrl(serverContext().base, CUSTOM_PREFIX, 'frame-id'));
  if (!Array.isArray(data)) throw new Error('WordPress answered frame-id with something other than a list');
  return data.flatMap((record: { id?: unknown; slug?: unknown; title?: unknown }) =>
    typeof record?.id === 'number' && typeof record.slug === 'string'
      ? [{ id: record.id, slug: record.slug, title: htmlToText(String(record.title ?? '')) }]
      : [],
  );
}

/** `GET frame?slug={slug}`: the first frame with that slug, or null. Throws when the read fails. */
export async function getFrameBySlug(slug: string): Promise<Frame | null> {
  if (slug.trim() === '') return null;
  const raw = await firstBySlug('frame', slug);
  return raw === null ? null : toFrame(raw, 0);
}

/**
 * Frame ids in `acf.frames`: numbers, numeric strings, or post objects (an ACF relationship
 * field), in order; an entry that is none of these is handed to `skipped`. Not a list → [].
 * (The page reads below and the search index's documents read frames the same way.)
 */
export function frameIdList(value: unknown, skipped: (entry: unknown) => void = () => undefined): number[] {
  if (!Array.isArray(value)) return [];
  const ids: number[] = [];
  for (const entry of value) {
    const id = positiveInt(isRecord(entry) ? (entry.ID ?? entry.id) : entry);
    if (id === null) skipped(entry);
    else ids.push(id);
  }
  return ids;
}

/** A page's frame ids, warning about what is not one. */
function frameIds(value: unknown, pageSlug: string): number[] {
  if (value === undefined || value === null || value === '' || value === false) return [];
  if (!Array.isArray(value)) {
    warn(`page ${pageSlug}: acf.frames is not a list; the page has no frames`);
    return [];
  }
  return frameIdList(value, (entry) => warn(`page ${pageSlug}: skipped the frame reference ${JSON.stringify(entry)}`));
}

/**
 * The page's section, as `normalizeItem` reads it (`acf.section` when it is a non-empty string,
 * else `pages`), so the page's path and its section always agree.
 */
function sectionOf(acf: Record<string, unknown>): string {
  return typeof acf.section === 'string' && acf.section ? acf.section : DEFAULT_PAGE_SECTION;
}

/**
 * `GET fp_page?slug={slug}` (the first item is used), then its frames in parallel, in order.
 * No such page → null. The page's own read failing (after the retries) throws, so ISR keeps the
 * last good page; a frame that fails is kept with props null.
 */
export async function getFramePage(slug: string): Promise<FramePage | null> {
  if (slug.trim() === '') return null;
  const raw = await firstBySlug('fp_page', slug);
  if (raw === null) return null;
  if (!isRecord(raw) || positiveInt(raw.id) === null || typeof raw.slug !== 'string') {
    throw new Error(`fp_page?slug=${slug} answered an item that is not a page`);
  }
  return framePageFromRaw(raw as Record<string, unknown> & { slug: string });
}

/**
 * A page from its raw `fp_page` item (as `fp_page/{id}` or a slug read answers it): its frames
 * read in parallel, in order (a frame that fails is kept with props null). `getFramePage` and the
 * preview (a draft read through `./preview.ts`) share it, so a draft renders exactly as it will
 * once published.
 */
export async function framePageFromRaw(raw: Record<string, unknown> & { slug: string }): Promise<FramePage> {
  const acf = acfOf(raw);
  const section = sectionOf(acf);
  const reads = new Map<number, Promise<Frame>>();
  const read = (id: number) => {
    let frame = reads.get(id);
    if (!frame) {
      frame = getFrameForPage(id).catch((error: unknown): Frame => {
        warn(`page ${raw.slug}: frame ${id} could not be read (${(error as Error)?.message}); it renders nothing`);
        return { id, frameType: '', props: null };
      });
      reads.set(id, frame);
    }
    return frame;
  };
  const frames = await Promise.all(frameIds(acf.frames, raw.slug).map(read));
  // The ContentItem part comes from the shared normalizer; a frame page's data lives in its frames, so `fields` is empty.
  const item = normalizeItem('page', raw as unknown as WpPost);
  // The CSS lifted from the frames' HTML (and their blocks and embeds) is the page's: merged into
  // the page's styles, and not sent a second time with each frame.
  const styles = mergeStyles(item.styles, ...frames.flatMap((frame) => (frame.styles ? [frame.styles] : [])));
  const pageFrames = frames.map((frame): Frame => {
    if (!frame.styles) return frame;
    const copy = { ...frame };
    delete copy.styles;
    return copy;
  });
  return { ...item, type: 'page', section, fields: {}, frames: pageFrames, styles };
}

/** The spec's name for the slug read (§7 `fp_page/?slug={slug}`). */
export const getFramePageBySlug = getFramePage;
