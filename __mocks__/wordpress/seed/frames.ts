import { makePost, type SeedPost } from './build';
import type { FrameTypeSlug } from './frameTypes';

/**
 * Builds frames (`frame` posts) with consecutive ids. Each helper stores the acf fields its frame
 * type maps, the way ACF returns them: empty text fields as '', empty link fields as ''.
 */

export type Link = readonly [label: string, url: string];

export interface Card {
  title: string;
  text: string;
  link?: Link;
}

function linkField(link: Link | undefined): { title: string; url: string; target: string } | '' {
  return link ? { title: link[0], url: link[1], target: '' } : '';
}

function linkPair(prefix: string, link: Link | undefined): Record<string, string> {
  return { [`${prefix}_label`]: link?.[0] ?? '', [`${prefix}_url`]: link?.[1] ?? '' };
}

export class FrameSet {
  private readonly frames: SeedPost[] = [];

  constructor(private nextId: number) {}

  /** The frames built so far. */
  get posts(): SeedPost[] {
    return this.frames;
  }

  add(frameType: FrameTypeSlug, slug: string, title: string, acf: Record<string, unknown>): number {
    const id = this.nextId++;
    const date = `2025-01-${String(10 + (this.frames.length % 18)).padStart(2, '0')}T09:00:00`;
    this.frames.push(makePost('frame', { id, slug, title, date, content: '', acf: { frame_type: frameType, ...acf } }));
    return id;
  }

  /** `image` is a gallery (list of URLs) or, on older heroes, a single URL string. */
  hero(slug: string, data: { heading: string; subheading: string; image: string | string[]; alt: string; cta?: Link }): number {
    return this.add('hero', `${slug}-hero`, `${data.heading} (hero)`, {
      heading: data.heading,
      subheading: data.subheading,
      image: data.image,
      image_alt: data.alt,
      ...linkPair('cta', data.cta),
    });
  }

  richText(slug: string, title: string, data: { heading: string; body: string }): number {
    return this.add('rich-text', slug, title, { heading: data.heading, body: data.body });
  }

  imageText(
    slug: string,
    data: { heading: string; text: string; image: string; alt: string; position: 'left' | 'right'; cta?: Link },
  ): number {
    return this.add('image-text', slug, `${data.heading} (image and text)`, {
      heading: data.heading,
      text: data.text,
      image: data.image,
      image_alt: data.alt,
      image_position: data.position,
      ...linkPair('cta', data.cta),
    });
  }

  cardGrid(slug: string, data: { heading: string; intro: string; cards: readonly Card[] }): number {
    return this.add('card-grid', slug, `${data.heading} (cards)`, {
      heading: data.heading,
      intro: data.intro,
      cards: data.cards.map((card) => ({ title: card.title, text: card.text, link: linkField(card.link) })),
    });
  }

  cta(slug: string, data: { heading: string; text: string; primary: Link; secondary?: Link }): number {
    return this.add('cta', slug, `${data.heading} (call to action)`, {
      heading: data.heading,
      text: data.text,
      ...linkPair('primary', data.primary),
      ...linkPair('secondary', data.secondary),
    });
  }

  stats(slug: string, data: { heading: string; stats: readonly (readonly [value: string, label: string])[] }): number {
    return this.add('stats', slug, `${data.heading} (stats)`, {
      heading: data.heading,
      stats: data.stats.map(([value, label]) => ({ value, label })),
    });
  }

  logoStrip(slug: string, data: { heading: string; logos: readonly { name: string; image: string; url?: string }[] }): number {
    return this.add('logo-strip', slug, `${data.heading} (logos)`, {
      heading: data.heading,
      logos: data.logos.map((logo) => ({ name: logo.name, image: logo.image, url: logo.url ?? '' })),
    });
  }

  /** The frame's title is the testimonial's heading (the mapping reads `title.rendered`). */
  testimonial(slug: string, data: { heading: string; quote: string; author: string; role: string; company: string; photo: string }): number {
    return this.add('testimonial', slug, data.heading, {
      quote: data.quote,
      author_name: data.author,
      author_role: data.role,
      company: data.company,
      photo: data.photo,
    });
  }
}
