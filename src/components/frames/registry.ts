import { createElement, type ComponentType, type ReactElement } from 'react';
import { isRecord } from '@/lib/shared/isRecord';
import type { Frame } from '@/lib/shared/types';
import { CardGrid, toCardGridProps } from './CardGrid';
import { Cta, toCtaProps } from './Cta';
import { FrameImagesContext } from './FrameImagesContext';
import { Hero, toHeroProps } from './Hero';
import { ImageText, toImageTextProps } from './ImageText';
import { LogoStrip, toLogoStripProps } from './LogoStrip';
import { RichText, toRichTextProps } from './RichText';
import { Stats, toStatsProps } from './Stats';
import { Testimonial, toTestimonialProps } from './Testimonial';
import type { FrameContext } from './types';

/**
 * THE frame registry (ARCHITECTURE "Frames"): a frame type's slug → its component, with the type
 * guard that narrows the frame's mapped props (`Record<string, unknown>`) into the component's
 * typed props. Adding a frame type is one entry here plus its component.
 *
 * - An unknown type renders nothing and logs one warning per type on the server.
 * - A frame whose props are null (a broken mapping; frames.ts has already logged why) renders nothing.
 * - A frame whose props hold nothing the component can show renders nothing.
 */
export interface FrameDefinition {
  render: (props: Record<string, unknown>, context: FrameContext, key?: string) => ReactElement | null;
  /** Whether the props hold anything the component shows. */
  accepts: (props: Record<string, unknown>) => boolean;
  /** Whether the frame, rendered first, shows the page's h1 (only heroes with a heading do). */
  providesPageHeading: (props: Record<string, unknown>) => boolean;
}

function define<P extends object>(
  component: ComponentType<P & FrameContext>,
  toProps: (raw: Record<string, unknown>) => P | null,
  headingOf?: (props: P) => string | null,
): FrameDefinition {
  return {
    render: (raw, context, key) => {
      const props = toProps(raw);
      return props === null ? null : createElement(component, { ...props, ...context, key });
    },
    accepts: (raw) => toProps(raw) !== null,
    providesPageHeading: (raw) => {
      if (!headingOf) return false;
      const props = toProps(raw);
      return props !== null && !!headingOf(props);
    },
  };
}

export const FRAME_REGISTRY: Readonly<Record<string, FrameDefinition>> = Object.freeze({
  hero: define(Hero, toHeroProps, (props) => props.heading),
  'rich-text': define(RichText, toRichTextProps),
  'image-text': define(ImageText, toImageTextProps),
  'card-grid': define(CardGrid, toCardGridProps),
  cta: define(Cta, toCtaProps),
  stats: define(Stats, toStatsProps),
  'logo-strip': define(LogoStrip, toLogoStripProps),
  testimonial: define(Testimonial, toTestimonialProps),
});

/** The registered definition of a frame type (own keys only: `constructor` is no frame type). */
export function frameDefinition(frameType: string): FrameDefinition | null {
  return Object.hasOwn(FRAME_REGISTRY, frameType) ? FRAME_REGISTRY[frameType] : null;
}

const warnedTypes = new Set<string>();

/** Logs an unknown frame type once per type and server process (visitors' consoles stay quiet). */
function warnUnknownType(frame: Frame): void {
  if (typeof window !== 'undefined' || warnedTypes.has(frame.frameType)) return;
  warnedTypes.add(frame.frameType);
  console.warn(
    `[frames] frame ${frame.id} has the frame type "${frame.frameType}", which has no component in src/components/frames/registry.ts; it renders nothing`,
  );
}

/** For tests: forget which unknown types were already reported. */
export function resetFrameWarnings(): void {
  warnedTypes.clear();
}

/** One frame through the registry: its component, or null (unknown type, props null, nothing to show). */
export function renderFrame(frame: Frame, context: FrameContext = {}, key?: string): ReactElement | null {
  const definition = frameDefinition(frame.frameType);
  if (!definition) {
    // A frame WordPress could not read or type (frameType '') was already reported by frames.ts.
    if (frame.frameType !== '') warnUnknownType(frame);
    return null;
  }
  if (!isRecord(frame.props)) return null;
  try {
    const element = definition.render(frame.props, context, key);
    // The frame's images' sizes (from WordPress's attachments) reach every FrameImage inside it.
    return element && frame.images ? createElement(FrameImagesContext.Provider, { value: frame.images, key }, element) : element;
  } catch (error) {
    // A guard must never break the page; log and leave the frame out.
    console.error(`[frames] frame ${frame.id} (${frame.frameType}) could not be rendered: ${(error as Error)?.message}`);
    return null;
  }
}

/** Whether the frame renders anything: a registered type, props not null, something to show. */
export function isRenderable(frame: Frame): boolean {
  const definition = frameDefinition(frame.frameType);
  return !!definition && isRecord(frame.props) && definition.accepts(frame.props);
}

/**
 * The index of the frame that shows the page's h1: the first frame that renders anything, when it
 * is a hero with a heading; otherwise -1 (the page then prints its own title as the h1).
 */
export function pageHeadingFrameIndex(frames: readonly Frame[]): number {
  const index = frames.findIndex(isRenderable);
  if (index === -1) return -1;
  const first = frames[index];
  return frameDefinition(first.frameType)?.providesPageHeading(first.props as Record<string, unknown>) ? index : -1;
}
