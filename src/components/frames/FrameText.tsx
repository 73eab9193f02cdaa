import { RichHtml } from '@/components/content/RichHtml';
import type { RichValue } from './guards';

/** A frame's text field: sanitized HTML through RichHtml, plain text as a paragraph. */
export function FrameText({ value, className }: { value: RichValue; className?: string }) {
  if (value.kind === 'html') return <RichHtml html={value.html} className={className} />;
  return <p className={className}>{value.text}</p>;
}
