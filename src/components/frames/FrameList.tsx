import type { Frame } from '@/lib/shared/types';
import { pageHeadingFrameIndex, renderFrame } from './registry';

export interface FrameListProps {
  frames: readonly Frame[];
  /**
   * Whether the frames open the page (no page title above them): the first frame, when it is a
   * hero with a heading, then shows the page's h1. Use `pageHeadingFrameIndex` to know whether it
   * will, and print the page's title as the h1 when not.
   */
  opensPage?: boolean;
}

/** A page's frames, in order, each through the frame registry. */
export function FrameList({ frames, opensPage = false }: FrameListProps) {
  const headingIndex = opensPage ? pageHeadingFrameIndex(frames) : -1;
  return <>{frames.map((frame, i) => renderFrame(frame, { pageHeading: i === headingIndex }, `${frame.id}-${i}`))}</>;
}
