import { render, screen, within } from '@testing-library/react';
import { CardGrid } from '@/components/frames/CardGrid';
import { Cta } from '@/components/frames/Cta';
import { FrameList } from '@/components/frames/FrameList';
import { Hero, HERO_IMAGE_SIZES } from '@/components/frames/Hero';
import { ImageText } from '@/components/frames/ImageText';
import { LogoStrip } from '@/components/frames/LogoStrip';
import { FRAME_REGISTRY, pageHeadingFrameIndex, renderFrame } from '@/components/frames/registry';
import { RichText } from '@/components/frames/RichText';
import { Stats } from '@/components/frames/Stats';
import { Testimonial } from '@/components/frames/Testimonial';
import type { Frame } from '@/lib/shared/types';
import { clearFrameTypeCache, getFramePage } from '@/lib/wordpress/frames';

const frame = (frameType: string, props: Record<string, unknown> | null, id = 1): Frame => ({ id, frameType, props });

const SEED_FRAME_TYPES = ['hero', 'rich-text', 'image-text', 'card-grid', 'cta', 'stats', 'logo-strip', 'testimonial'];

describe('frame registry (ARCHITECTURE "Frames": one registry keyed by frame type slug)', () => {
  test('every frame type of the seed has a component', () => {
    expect(Object.keys(FRAME_REGISTRY).sort()).toEqual([...SEED_FRAME_TYPES].sort());
  });

  test('renders known types through their components, in order', () => {
    render(
      <FrameList
        frames={[
          frame('rich-text', { heading: 'Where we started', body: '<p>Corvane began in 2009.</p>' }, 1),
          frame('stats', { heading: 'Corvane today', stats: [{ value: '2009', label: 'founded' }] }, 2),
          frame('cta', { heading: 'Ready to talk payments?', text: 'Tell us.', primary: { label: 'Contact sales', url: '/contact-us' }, secondary: null }, 3),
        ]}
      />,
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Where we started',
      'Corvane today',
      'Ready to talk payments?',
    ]);
    expect(screen.getByText('Corvane began in 2009.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', '/contact-us');
  });

  test('an unknown frame type renders nothing (and the page goes on)', () => {
    const { container } = render(
      <FrameList frames={[frame('carousel', { heading: 'Spinning' }, 7), frame('rich-text', { heading: 'After', body: 'Text' }, 8)]} />,
    );
    expect(container).not.toHaveTextContent('Spinning');
    expect(screen.getByRole('heading', { name: 'After' })).toBeInTheDocument();
  });

  test('a frame with props null (broken mapping) renders nothing', () => {
    expect(renderFrame(frame('hero', null))).toBeNull();
    const { container } = render(<FrameList frames={[frame('hero', null), frame('cta', null)]} />);
    expect(container).toBeEmptyDOMElement();
  });

  test('a registry lookup never reaches Object.prototype (a "constructor" frame type is unknown)', () => {
    expect(renderFrame(frame('constructor', {}))).toBeNull();
    expect(renderFrame(frame('__proto__', {}))).toBeNull();
  });

  test('the first frame, a hero with a heading, shows the page h1; every other heading is an h2', () => {
    const frames = [
      frame('hero', { heading: 'Route every transaction', subheading: 'Sub' }, 1),
      frame('hero', { heading: 'A second hero' }, 2),
    ];
    expect(pageHeadingFrameIndex(frames)).toBe(0);
    render(<FrameList frames={frames} opensPage />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Route every transaction']);
    expect(screen.getByRole('heading', { level: 2, name: 'A second hero' })).toBeInTheDocument();
  });

  test('frames that render nothing before the hero do not take the page heading from it', () => {
    expect(pageHeadingFrameIndex([frame('carousel', {}), frame('hero', null), frame('hero', { heading: 'H' })])).toBe(2);
    expect(pageHeadingFrameIndex([frame('rich-text', { heading: 'R' }), frame('hero', { heading: 'H' })])).toBe(-1);
    expect(pageHeadingFrameIndex([frame('hero', { image: 'https://media.example.com/a.png' })])).toBe(-1);
  });

  test('the page heading hero loads its image eagerly with high priority; other frame images lazily', () => {
    const { container } = render(
      <FrameList
        opensPage
        frames={[
          frame('hero', { heading: 'H', image: 'https://media.example.com/hero.png', imageAlt: 'A terminal' }, 1),
          frame('image-text', { heading: 'I', image: 'https://media.example.com/side.png', imageAlt: 'Side' }, 2),
        ]}
      />,
    );
    const [hero, side] = [...container.querySelectorAll('img')];
    expect(hero).toHaveAttribute('loading', 'eager');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(hero).toHaveAttribute('alt', 'A terminal');
    expect(side).toHaveAttribute('loading', 'lazy');
    expect(side).toHaveAttribute('width');
    expect(side).toHaveAttribute('height');
  });

  test("issue 13: a frame image WordPress knows (Frame.images) gets the attachment's size and srcset with its slot's sizes; others keep one size", () => {
    const known = 'https://media.example.com/wp-content/uploads/2025/12/photo.jpg';
    const hero: Frame = {
      ...frame('hero', { heading: 'H', image: known, imageAlt: 'A market' }, 1),
      images: {
        [known]: {
          width: 2400,
          height: 1260,
          sources: [
            { url: 'https://media.example.com/wp-content/uploads/2025/12/photo-768x403.jpg', width: 768 },
            { url: 'https://media.example.com/wp-content/uploads/2025/12/photo-2048x1075.jpg', width: 2048 },
          ],
        },
      },
    };
    const { container } = render(
      <FrameList opensPage frames={[hero, frame('image-text', { heading: 'I', image: 'https://media.example.com/side.png', imageAlt: 'Side' }, 2)]} />,
    );
    const [heroImg, side] = [...container.querySelectorAll('img')];
    expect(heroImg).toHaveAttribute('src', known);
    expect(heroImg).toHaveAttribute(
      'srcset',
      'https://media.example.com/wp-content/uploads/2025/12/photo-768x403.jpg 768w, https://media.example.com/wp-content/uploads/2025/12/photo-2048x1075.jpg 2048w',
    );
    expect(heroImg).toHaveAttribute('sizes', HERO_IMAGE_SIZES);
    expect(heroImg).toHaveAttribute('width', '2400');
    expect(heroImg).toHaveAttribute('height', '1260');
    expect(heroImg).toHaveAttribute('fetchpriority', 'high');
    expect(side).not.toHaveAttribute('srcset');
    expect(side).not.toHaveAttribute('sizes');
  });

  test('every frame of every seed page renders through the registry without an unknown type', async () => {
    clearFrameTypeCache();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const page = await getFramePage('home');
    expect(page?.frames.map((f) => f.frameType)).toEqual(['hero', 'card-grid', 'stats', 'logo-strip', 'testimonial', 'cta']);
    render(<FrameList frames={page!.frames} opensPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Payments that keep your business moving' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /Harbor Lane Hotels|Crestfield University|Pinecrest Arena|Marlow Market|Blue Heron Resorts/ })).toHaveLength(5);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('frame components tolerate missing and mistyped fields (never crash)', () => {
  const garbage: Record<string, unknown> = {
    heading: 42,
    subheading: ['not', 'text'],
    body: { nested: true },
    text: null,
    image: 'javascript:alert(1)',
    imageAlt: {},
    imagePosition: 'diagonal',
    cta: { label: 'Go', url: 'javascript:alert(1)' },
    cards: 'not a list',
    stats: [null, 3, { value: '', label: 'x' }],
    logos: [{ name: 'No image' }],
    primary: 'nope',
    secondary: { label: '', url: '/x' },
    quote: undefined,
    photo: 12,
  };

  test.each(SEED_FRAME_TYPES)('%s with empty props renders nothing', (type) => {
    const { container } = render(<>{renderFrame(frame(type, {}))}</>);
    expect(container).toBeEmptyDOMElement();
  });

  test.each(SEED_FRAME_TYPES)('%s with mistyped props renders without throwing and without unsafe links', (type) => {
    const { container } = render(<>{renderFrame(frame(type, garbage))}</>);
    for (const a of container.querySelectorAll('a')) expect(a.getAttribute('href')).not.toMatch(/^javascript:/i);
    for (const img of container.querySelectorAll('img')) expect(img.getAttribute('src')).not.toMatch(/^javascript:/i);
  });

  test('components render with only part of their fields', () => {
    render(
      <>
        <Hero heading="Only a heading" subheading={null} image={null} cta={null} />
        <RichText heading={null} body={{ kind: 'text', text: 'Only a body' }} />
        <ImageText heading="No image" text={null} image={null} imagePosition="left" cta={null} />
        <CardGrid heading={null} intro={null} cards={[{ title: 'Card', text: null, url: null, linkLabel: null }]} />
        <Cta heading="Only a heading" text={null} primary={null} secondary={null} />
        <Stats heading={null} stats={[{ value: '99%', label: null }]} />
        <LogoStrip heading={null} logos={[{ name: null, image: { src: '/logo.png', alt: '', width: null, height: null }, url: null }]} />
        <Testimonial heading={null} quote={{ kind: 'text', text: 'Great.' }} author={null} role={null} company={null} photo={null} />
      </>,
    );
    expect(screen.getAllByText('Only a heading')).toHaveLength(2);
    expect(screen.getByText('Only a body')).toBeInTheDocument();
    expect(screen.getByText('99%')).toBeInTheDocument();
    expect(screen.getByText('Great.')).toBeInTheDocument();
  });

  test('card-grid: cards with a link are links named by their label and title', () => {
    render(
      <>
        {renderFrame(
          frame('card-grid', {
            heading: 'Cards',
            intro: null,
            cards: [
              { title: 'Secure switching', text: 'One gateway.', url: '/pages/secure-switching', linkLabel: 'Learn more' },
              { title: 'No link', text: 'Plain.', url: null, linkLabel: null },
            ],
          }),
        )}
      </>,
    );
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: /^Learn more\s*: Secure switching$/ })).toHaveAttribute('href', '/pages/secure-switching');
  });

  test('HTML in a frame text field renders through RichHtml; plain text renders as text', () => {
    render(
      <>
        {renderFrame(frame('rich-text', { heading: 'Start reading', body: '<p>Browse <a href="/resources/blogs">all blog posts</a>.</p>' }))}
        {renderFrame(frame('cta', { heading: 'Hi', text: 'Fish & chips <3', primary: { label: 'Go', url: '/contact-us' } }))}
      </>,
    );
    expect(screen.getByRole('link', { name: 'all blog posts' })).toHaveAttribute('href', '/resources/blogs');
    expect(screen.getByText('Fish & chips <3')).toBeInTheDocument();
  });

  test('a heading holding markup is shown as plain text', () => {
    render(<>{renderFrame(frame('rich-text', { heading: '<em>Fast</em> payments', body: 'x' }))}</>);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Fast payments');
    expect(screen.getByRole('heading', { level: 2 }).querySelector('em')).toBeNull();
  });
});
