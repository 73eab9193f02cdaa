import { RichHtml } from '@/components/content/RichHtml';
import { BODY_CLASS } from '@/lib/shared/wordpress/bodyClass';
import type { RichValue } from './guards';

/**
 * A frame's text field: sanitized HTML through RichHtml, plain text as a paragraph. The HTML is a
 * CMS body (class `wp-body`): the page's block stylesheet, its lifted style attributes included,
 * applies inside it (docs/blocks.md, "Block CSS").
 */
export function FrameText({ value, className }: { value: RichValue; className?: string }) {
  if (value.kind === 'html') return <RichHtml html={value.html} className={className ? `${className} ${BODY_CLASS}` : BODY_CLASS} />;
  return <p className={className}>{value.text}</p>;
}
