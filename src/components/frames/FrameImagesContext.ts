import { createContext } from 'react';
import type { KnownImage } from '@/lib/shared/types';

/**
 * The frame's known images (`Frame.images`: URL → size and srcset candidates), provided by
 * `renderFrame` around each frame, read by `FrameImage`. Frame components need not pass it on.
 */
export const FrameImagesContext = createContext<Readonly<Record<string, KnownImage>>>({});
