import { makePost, type SeedPost } from './build';

/**
 * Frame types: each maps a frame's raw JSON to component props through `fields_mapping`, a string
 * holding a JSON list of rules (spec §3). Paths are dot paths into the frame object; list item
 * paths are relative to each element.
 */

interface LabelPath {
  label: string;
  path: string;
}

export type MappingRule =
  | { field: string; valueSingle: LabelPath }
  | { field: string; valueObject: Record<string, LabelPath> }
  | { field: string; valueList: { label: string; path: string; fields: Record<string, LabelPath> } };

const single = (field: string, label: string, path: string): MappingRule => ({ field, valueSingle: { label, path } });

const link = (field: string, label: string, prefix: string): MappingRule => ({
  field,
  valueObject: {
    label: { label: `${label} label`, path: `acf.${prefix}_label` },
    url: { label: `${label} link`, path: `acf.${prefix}_url` },
  },
});

const list = (field: string, label: string, path: string, fields: Record<string, string>): MappingRule => ({
  field,
  valueList: {
    label,
    path,
    fields: Object.fromEntries(Object.entries(fields).map(([name, p]) => [name, { label: name[0].toUpperCase() + name.slice(1), path: p }])),
  },
});

/** The frame types by slug, with their mapping rules. */
export const FRAME_TYPE_RULES = {
  hero: {
    id: 101,
    title: 'Hero',
    rules: [
      single('heading', 'Heading', 'acf.heading'),
      single('subheading', 'Subheading', 'acf.subheading'),
      // acf.image is an ACF gallery (a list of URLs), but older heroes store a single URL string:
      // the mapping engine must then use the string at the parent path (spec §3).
      single('image', 'Image', 'acf.image.0'),
      single('imageAlt', 'Image alt text', 'acf.image_alt'),
      link('cta', 'CTA', 'cta'),
    ],
  },
  'rich-text': {
    id: 102,
    title: 'Rich text',
    rules: [single('heading', 'Heading', 'acf.heading'), single('body', 'Body', 'acf.body')],
  },
  'image-text': {
    id: 103,
    title: 'Image and text',
    rules: [
      single('heading', 'Heading', 'acf.heading'),
      single('text', 'Text', 'acf.text'),
      single('image', 'Image', 'acf.image'),
      single('imageAlt', 'Image alt text', 'acf.image_alt'),
      single('imagePosition', 'Image position', 'acf.image_position'),
      link('cta', 'CTA', 'cta'),
    ],
  },
  'card-grid': {
    id: 104,
    title: 'Card grid',
    rules: [
      single('heading', 'Heading', 'acf.heading'),
      single('intro', 'Intro', 'acf.intro'),
      list('cards', 'Cards', 'acf.cards', { title: 'title', text: 'text', url: 'link.url', linkLabel: 'link.title' }),
    ],
  },
  cta: {
    id: 105,
    title: 'Call to action',
    rules: [
      single('heading', 'Heading', 'acf.heading'),
      single('text', 'Text', 'acf.text'),
      link('primary', 'Primary button', 'primary'),
      link('secondary', 'Secondary button', 'secondary'),
    ],
  },
  stats: {
    id: 106,
    title: 'Stats',
    rules: [single('heading', 'Heading', 'acf.heading'), list('stats', 'Stats', 'acf.stats', { value: 'value', label: 'label' })],
  },
  'logo-strip': {
    id: 107,
    title: 'Logo strip',
    rules: [
      single('heading', 'Heading', 'acf.heading'),
      list('logos', 'Logos', 'acf.logos', { name: 'name', image: 'image', url: 'url' }),
    ],
  },
  testimonial: {
    id: 108,
    title: 'Testimonial',
    rules: [
      single('heading', 'Heading', 'title.rendered'),
      single('quote', 'Quote', 'acf.quote'),
      single('author', 'Author', 'acf.author_name'),
      single('role', 'Role', 'acf.author_role'),
      single('company', 'Company', 'acf.company'),
      single('photo', 'Photo', 'acf.photo'),
    ],
  },
} satisfies Record<string, { id: number; title: string; rules: MappingRule[] }>;

export type FrameTypeSlug = keyof typeof FRAME_TYPE_RULES;

export function seedFrameTypes(): SeedPost[] {
  return Object.entries(FRAME_TYPE_RULES).map(([slug, { id, title, rules }]) => {
    const seed = makePost('frame_type', { id, slug, title, date: '2025-01-06T09:00:00', content: '' });
    seed.post.fields_mapping = JSON.stringify(rules);
    return seed;
  });
}
