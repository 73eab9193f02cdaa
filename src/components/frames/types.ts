/** What the page tells every frame it renders. */
export interface FrameContext {
  /**
   * This frame opens the page: its heading is the page's one h1 and its image is the page's main
   * image (loaded eagerly, high priority). Only the first frame, and only a hero, gets it.
   */
  pageHeading?: boolean;
}
