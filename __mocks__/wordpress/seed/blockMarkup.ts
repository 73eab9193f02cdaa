/**
 * Serialized blocks as WordPress 6.1's block editor saves them in `post_content`: a block
 * comment with the block's attributes as JSON, the block's saved HTML, the closing comment.
 * The block corpus (./blocks.ts) is written with these helpers; WordPress renders it (the real
 * import posts it raw), and the fake serves what WordPress rendered (fixtures/block-posts.json).
 */

export type BlockAttributes = Record<string, unknown>;

/** The block comment's JSON as `serializeAttributes` writes it: `--`, `<`, `>`, `&` and `"` inside strings escaped. */
export function serializeAttributes(attributes: BlockAttributes): string {
  return JSON.stringify(attributes)
    .replace(/--/g, '\\u002d\\u002d')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\\"/g, '\\u0022');
}

function opener(name: string, attributes: BlockAttributes | undefined): string {
  const json = attributes && Object.keys(attributes).length ? ` ${serializeAttributes(attributes)}` : '';
  return `wp:${name}${json}`;
}

/** A block with saved HTML (`inner`): `<!-- wp:name {…} -->\n…\n<!-- /wp:name -->`. */
export function block(name: string, attributes: BlockAttributes | undefined, inner: string): string {
  return `<!-- ${opener(name, attributes)} -->\n${inner}\n<!-- /wp:${name} -->`;
}

/** A block saved without HTML (dynamic blocks such as social links): `<!-- wp:name {…} /-->`. */
export function voidBlock(name: string, attributes?: BlockAttributes): string {
  return `<!-- ${opener(name, attributes)} /-->`;
}

/** Blocks one after another, as the editor separates them in `post_content`. */
export function sequence(...blocks: readonly string[]): string {
  return blocks.join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// The blocks the corpus uses most, with their attributes and saved HTML kept in step

export interface ColorOptions {
  textColor?: string;
  backgroundColor?: string;
  /** Custom colours (`style.color.text` / `.background`), written as inline styles. */
  customText?: string;
  customBackground?: string;
  fontSize?: string;
  customFontSize?: string;
}

/** Attributes, classes and inline style of the colour and typography supports. */
function supports(options: ColorOptions): { attributes: BlockAttributes; classes: string[]; style: string } {
  const attributes: BlockAttributes = {};
  const classes: string[] = [];
  const style: string[] = [];
  const styleAttr: Record<string, Record<string, string>> = {};
  if (options.customText || options.customBackground) {
    styleAttr.color = {};
    if (options.customBackground) styleAttr.color.background = options.customBackground;
    if (options.customText) styleAttr.color.text = options.customText;
  }
  if (options.customFontSize) styleAttr.typography = { fontSize: options.customFontSize };
  if (options.backgroundColor) attributes.backgroundColor = options.backgroundColor;
  if (Object.keys(styleAttr).length) attributes.style = styleAttr;
  if (options.textColor) attributes.textColor = options.textColor;
  if (options.fontSize) attributes.fontSize = options.fontSize;
  if (options.textColor) classes.push(`has-${options.textColor}-color`);
  if (options.backgroundColor) classes.push(`has-${options.backgroundColor}-background-color`);
  if (options.textColor || options.customText) classes.push('has-text-color');
  if (options.backgroundColor || options.customBackground) classes.push('has-background');
  if (options.fontSize) classes.push(`has-${options.fontSize}-font-size`);
  if (options.customBackground) style.push(`background-color:${options.customBackground}`);
  if (options.customText) style.push(`color:${options.customText}`);
  if (options.customFontSize) style.push(`font-size:${options.customFontSize}`);
  return { attributes, classes, style: style.join(';') };
}

const classAttr = (classes: readonly (string | false | 0 | undefined)[]): string => {
  const list = classes.filter(Boolean);
  return list.length ? ` class="${list.join(' ')}"` : '';
};
const styleAttr = (style: string): string => (style ? ` style="${style}"` : '');

export interface ParagraphOptions extends ColorOptions {
  align?: 'left' | 'center' | 'right';
  dropCap?: boolean;
}

export function paragraph(html: string, options: ParagraphOptions = {}): string {
  const s = supports(options);
  const attributes: BlockAttributes = { ...(options.align ? { align: options.align } : {}), ...(options.dropCap ? { dropCap: true } : {}), ...s.attributes };
  const classes = [options.align && `has-text-align-${options.align}`, options.dropCap && 'has-drop-cap', ...s.classes];
  return block('paragraph', attributes, `<p${classAttr(classes)}${styleAttr(s.style)}>${html}</p>`);
}

export interface HeadingOptions extends ColorOptions {
  level?: 1 | 2 | 3 | 4 | 5 | 6;
  textAlign?: 'left' | 'center' | 'right';
}

export function heading(html: string, options: HeadingOptions = {}): string {
  const level = options.level ?? 2;
  const s = supports(options);
  const attributes: BlockAttributes = { ...(options.textAlign ? { textAlign: options.textAlign } : {}), ...(level !== 2 ? { level } : {}), ...s.attributes };
  const classes = [options.textAlign && `has-text-align-${options.textAlign}`, ...s.classes];
  return block('heading', attributes, `<h${level}${classAttr(classes)}${styleAttr(s.style)}>${html}</h${level}>`);
}

export function list(items: readonly string[], { ordered = false, nested }: { ordered?: boolean; nested?: Record<number, readonly string[]> } = {}): string {
  const tag = ordered ? 'ol' : 'ul';
  const li = items.map((item, i) => {
    const sub = nested?.[i];
    const inner = sub ? `${item}${list(sub)}` : item;
    return block('list-item', undefined, `<li>${inner}</li>`);
  });
  return block('list', ordered ? { ordered: true } : undefined, `<${tag}>${li.join('\n\n')}</${tag}>`);
}

export interface ImageOptions {
  id: number;
  url: string;
  alt: string;
  caption?: string;
  align?: 'left' | 'right' | 'center' | 'wide' | 'full';
  sizeSlug?: string;
  /** A resized image's width (and height) in px. */
  width?: number;
  height?: number;
  /** Gallery images link nowhere and carry no `linkDestination` of their own here. */
  inGallery?: boolean;
}

export function image(options: ImageOptions): string {
  const sizeSlug = options.sizeSlug ?? 'full';
  const attributes: BlockAttributes = {
    ...(options.align ? { align: options.align } : {}),
    id: options.id,
    ...(options.width ? { width: options.width } : {}),
    ...(options.height ? { height: options.height } : {}),
    sizeSlug,
    linkDestination: 'none',
  };
  const classes = ['wp-block-image', options.align && `align${options.align}`, `size-${sizeSlug}`, (options.width || options.height) && 'is-resized'];
  const size = `${options.width ? ` width="${options.width}"` : ''}${options.height ? ` height="${options.height}"` : ''}`;
  const caption = options.caption ? `<figcaption class="wp-element-caption">${options.caption}</figcaption>` : '';
  return block('image', attributes, `<figure${classAttr(classes)}><img src="${options.url}" alt="${options.alt}" class="wp-image-${options.id}"${size}/>${caption}</figure>`);
}

export interface ButtonOptions extends ColorOptions {
  text: string;
  url: string;
  outline?: boolean;
  /** A percentage width (25, 50, 75, 100). */
  width?: number;
  radius?: string;
}

export function button(options: ButtonOptions): string {
  const s = supports(options);
  const attributes: BlockAttributes = { ...s.attributes };
  const style = attributes.style as Record<string, unknown> | undefined;
  if (options.radius) attributes.style = { ...style, border: { radius: options.radius } };
  if (options.outline) attributes.className = 'is-style-outline';
  if (options.width) attributes.width = options.width;
  // Typography goes on the wrapper, colours on the link (6.1's button save).
  const fontClass = options.fontSize ? `has-${options.fontSize}-font-size` : undefined;
  const wrapper = [
    'wp-block-button',
    options.width && `has-custom-width wp-block-button__width-${options.width}`,
    options.fontSize && 'has-custom-font-size',
    options.outline && 'is-style-outline',
    fontClass,
  ];
  const linkStyle = [s.style, options.radius ? `border-radius:${options.radius}` : ''].filter(Boolean).join(';');
  const linkClasses = ['wp-block-button__link', ...s.classes.filter((c) => c !== fontClass), 'wp-element-button'];
  return block('button', attributes, `<div${classAttr(wrapper)}><a${classAttr(linkClasses)} href="${options.url}"${styleAttr(linkStyle)}>${options.text}</a></div>`);
}

export interface ButtonsOptions {
  justify?: 'left' | 'center' | 'right' | 'space-between';
  vertical?: boolean;
}

export function buttons(items: readonly string[], options: ButtonsOptions = {}): string {
  const layout: BlockAttributes = { type: 'flex' };
  if (options.justify) layout.justifyContent = options.justify;
  if (options.vertical) layout.orientation = 'vertical';
  const attributes = options.justify || options.vertical ? { layout } : undefined;
  // The layout's classes (is-vertical, is-content-justification-*) are added when WordPress renders it, not saved.
  return block('buttons', attributes, `<div class="wp-block-buttons">${items.join('\n\n')}</div>`);
}

export interface ColumnOptions extends ColorOptions {
  /** `33.33%`, `66.66%`, … */
  width?: string;
  verticalAlignment?: 'top' | 'center' | 'bottom';
}

export function column(inner: readonly string[], options: ColumnOptions = {}): string {
  const s = supports(options);
  const attributes: BlockAttributes = { ...(options.verticalAlignment ? { verticalAlignment: options.verticalAlignment } : {}), ...(options.width ? { width: options.width } : {}), ...s.attributes };
  const classes = ['wp-block-column', options.verticalAlignment && `is-vertically-aligned-${options.verticalAlignment}`, ...s.classes];
  const style = [options.width ? `flex-basis:${options.width}` : '', s.style].filter(Boolean).join(';');
  return block('column', attributes, `<div${classAttr(classes)}${styleAttr(style)}>${inner.join('\n\n')}</div>`);
}

export interface ColumnsOptions extends ColorOptions {
  align?: 'wide' | 'full';
  /** `isStackedOnMobile: false` keeps the columns side by side on phones. */
  stackOnMobile?: boolean;
  verticalAlignment?: 'top' | 'center' | 'bottom';
}

export function columns(cols: readonly string[], options: ColumnsOptions = {}): string {
  const s = supports(options);
  const attributes: BlockAttributes = {
    ...(options.verticalAlignment ? { verticalAlignment: options.verticalAlignment } : {}),
    ...(options.stackOnMobile === false ? { isStackedOnMobile: false } : {}),
    ...(options.align ? { align: options.align } : {}),
    ...s.attributes,
  };
  const classes = [
    'wp-block-columns',
    options.verticalAlignment && `are-vertically-aligned-${options.verticalAlignment}`,
    options.align && `align${options.align}`,
    options.stackOnMobile === false && 'is-not-stacked-on-mobile',
    ...s.classes,
  ];
  return block('columns', attributes, `<div${classAttr(classes)}${styleAttr(s.style)}>${cols.join('\n\n')}</div>`);
}

export interface GroupOptions extends ColorOptions {
  layout?: { type: 'constrained' | 'flex' | 'default'; orientation?: 'horizontal' | 'vertical'; justifyContent?: string; flexWrap?: 'nowrap' };
  align?: 'wide' | 'full';
  padding?: string;
  tagName?: string;
}

export function group(inner: readonly string[], options: GroupOptions = {}): string {
  const s = supports(options);
  const attributes: BlockAttributes = { ...(options.tagName ? { tagName: options.tagName } : {}), ...(options.align ? { align: options.align } : {}), ...s.attributes };
  if (options.padding) {
    const padding = { top: options.padding, right: options.padding, bottom: options.padding, left: options.padding };
    attributes.style = { ...(attributes.style as object | undefined), spacing: { padding } };
  }
  if (options.layout) attributes.layout = options.layout;
  const tag = options.tagName ?? 'div';
  const classes = ['wp-block-group', options.align && `align${options.align}`, ...s.classes];
  const style = [s.style, options.padding ? `padding-top:${options.padding};padding-right:${options.padding};padding-bottom:${options.padding};padding-left:${options.padding}` : ''].filter(Boolean).join(';');
  return block('group', attributes, `<${tag}${classAttr(classes)}${styleAttr(style)}>${inner.join('\n\n')}</${tag}>`);
}

export function spacer(height: number): string {
  return block('spacer', { height: `${height}px` }, `<div style="height:${height}px" aria-hidden="true" class="wp-block-spacer"></div>`);
}

export interface SeparatorOptions {
  style?: 'wide' | 'dots';
  backgroundColor?: string;
  customColor?: string;
  align?: 'wide' | 'full';
}

export function separator(options: SeparatorOptions = {}): string {
  const attributes: BlockAttributes = {};
  if (options.align) attributes.align = options.align;
  if (options.backgroundColor) attributes.backgroundColor = options.backgroundColor;
  if (options.customColor) attributes.style = { color: { background: options.customColor } };
  if (options.style) attributes.className = `is-style-${options.style}`;
  const colored = options.backgroundColor || options.customColor;
  const classes = [
    'wp-block-separator',
    options.align && `align${options.align}`,
    colored && 'has-text-color',
    options.backgroundColor && `has-${options.backgroundColor}-color`,
    colored && 'has-alpha-channel-opacity',
    options.backgroundColor && `has-${options.backgroundColor}-background-color`,
    colored && 'has-background',
    !colored && 'has-alpha-channel-opacity',
    options.style && `is-style-${options.style}`,
  ];
  const style = options.customColor ? `background-color:${options.customColor};color:${options.customColor}` : '';
  return block('separator', attributes, `<hr${classAttr(classes)}${styleAttr(style)}/>`);
}

export interface QuoteOptions {
  plain?: boolean;
  textAlign?: 'left' | 'center' | 'right';
}

export function quote(paragraphs: readonly string[], cite: string, options: QuoteOptions = {}): string {
  const attributes: BlockAttributes = { ...(options.textAlign ? { align: options.textAlign } : {}), ...(options.plain ? { className: 'is-style-plain' } : {}) };
  const classes = ['wp-block-quote', options.textAlign && `has-text-align-${options.textAlign}`, options.plain && 'is-style-plain'];
  const inner = paragraphs.map((text) => paragraph(text)).join('\n\n');
  return block('quote', attributes, `<blockquote${classAttr(classes)}>${inner}<cite>${cite}</cite></blockquote>`);
}

export interface PullquoteOptions extends ColorOptions {
  align?: 'wide' | 'full' | 'left' | 'right';
  textAlign?: 'left' | 'center' | 'right';
  borderColor?: string;
}

export function pullquote(text: string, cite: string, options: PullquoteOptions = {}): string {
  const s = supports(options);
  const attributes: BlockAttributes = { ...(options.textAlign ? { textAlign: options.textAlign } : {}), ...(options.align ? { align: options.align } : {}), ...s.attributes };
  if (options.borderColor) {
    attributes.borderColor = options.borderColor;
    attributes.style = { ...(attributes.style as object | undefined), border: { width: '4px' } };
  }
  const classes = [
    'wp-block-pullquote',
    options.align && `align${options.align}`,
    options.textAlign && `has-text-align-${options.textAlign}`,
    options.borderColor && `has-border-color has-${options.borderColor}-border-color`,
    ...s.classes,
  ];
  const style = [s.style, options.borderColor ? 'border-width:4px' : ''].filter(Boolean).join(';');
  return block('pullquote', attributes, `<figure${classAttr(classes)}${styleAttr(style)}><blockquote><p>${text}</p><cite>${cite}</cite></blockquote></figure>`);
}

export interface GalleryImage {
  id: number;
  url: string;
  alt: string;
  caption?: string;
}

export function gallery(images: readonly GalleryImage[], options: { columns?: number; caption?: string; align?: 'wide' | 'full'; crop?: boolean } = {}): string {
  const attributes: BlockAttributes = { ...(options.columns ? { columns: options.columns } : {}), ...(options.crop === false ? { imageCrop: false } : {}), linkTo: 'none', ...(options.align ? { align: options.align } : {}) };
  const classes = [
    'wp-block-gallery',
    'has-nested-images',
    options.columns ? `columns-${options.columns}` : 'columns-default',
    options.crop !== false && 'is-cropped',
    options.align && `align${options.align}`,
  ];
  const inner = images.map((img) => {
    const caption = img.caption ? `<figcaption class="wp-element-caption">${img.caption}</figcaption>` : '';
    return block('image', { id: img.id, sizeSlug: 'large', linkDestination: 'none' }, `<figure class="wp-block-image size-large"><img src="${img.url}" alt="${img.alt}" class="wp-image-${img.id}"/>${caption}</figure>`);
  });
  const caption = options.caption ? `<figcaption class="blocks-gallery-caption wp-element-caption">${options.caption}</figcaption>` : '';
  return block('gallery', attributes, `<figure${classAttr(classes)}>${inner.join('\n\n')}${caption}</figure>`);
}

export interface CoverOptions {
  image?: { id: number; url: string; alt?: string };
  overlayColor?: string;
  customOverlayColor?: string;
  dimRatio?: number;
  minHeight?: number;
  minHeightUnit?: 'px' | 'vh';
  align?: 'wide' | 'full';
  isDark?: boolean;
  contentPosition?: string;
}

export function cover(inner: readonly string[], options: CoverOptions = {}): string {
  const attributes: BlockAttributes = {};
  if (options.image) {
    attributes.url = options.image.url;
    attributes.id = options.image.id;
    if (options.image.alt) attributes.alt = options.image.alt;
  }
  if (options.dimRatio !== undefined) attributes.dimRatio = options.dimRatio;
  if (options.overlayColor) attributes.overlayColor = options.overlayColor;
  if (options.customOverlayColor) attributes.customOverlayColor = options.customOverlayColor;
  if (options.minHeight) attributes.minHeight = options.minHeight;
  if (options.minHeightUnit) attributes.minHeightUnit = options.minHeightUnit;
  if (options.contentPosition) attributes.contentPosition = options.contentPosition;
  if (options.isDark === false) attributes.isDark = false;
  if (options.align) attributes.align = options.align;
  const dim = options.dimRatio ?? 100;
  const dimClass = dim === 50 ? '' : `has-background-dim-${10 * Math.round(dim / 10)}`;
  const classes = [
    'wp-block-cover',
    options.align && `align${options.align}`,
    options.isDark === false && 'is-light',
    options.contentPosition && options.contentPosition !== 'center center' && `has-custom-content-position is-position-${options.contentPosition.replace(' ', '-')}`,
  ];
  const minHeight = options.minHeight ? `min-height:${options.minHeight}${options.minHeightUnit ?? 'px'}` : '';
  const spanClasses = ['wp-block-cover__background', options.overlayColor && `has-${options.overlayColor}-background-color`, dimClass, 'has-background-dim'];
  const spanStyle = options.customOverlayColor ? ` style="background-color:${options.customOverlayColor}"` : '';
  const img = options.image
    ? `<img class="wp-block-cover__image-background wp-image-${options.image.id}" alt="${options.image.alt ?? ''}" src="${options.image.url}" data-object-fit="cover"/>`
    : '';
  return block(
    'cover',
    attributes,
    `<div${classAttr(classes)}${styleAttr(minHeight)}><span aria-hidden="true"${classAttr(spanClasses)}${spanStyle}></span>${img}<div class="wp-block-cover__inner-container">${inner.join('\n\n')}</div></div>`,
  );
}

export interface MediaTextOptions extends ColorOptions {
  media: { id: number; url: string; alt: string };
  position?: 'left' | 'right';
  mediaWidth?: number;
  stackOnMobile?: boolean;
  verticalAlignment?: 'top' | 'center' | 'bottom';
  align?: 'wide' | 'full' | 'none';
}

export function mediaText(inner: readonly string[], options: MediaTextOptions): string {
  const s = supports(options);
  const attributes: BlockAttributes = {
    ...(options.align && options.align !== 'wide' ? { align: options.align === 'none' ? '' : options.align } : {}),
    ...s.attributes,
    ...(options.position === 'right' ? { mediaPosition: 'right' } : {}),
    mediaId: options.media.id,
    mediaLink: options.media.url,
    mediaType: 'image',
    ...(options.mediaWidth && options.mediaWidth !== 50 ? { mediaWidth: options.mediaWidth } : {}),
    ...(options.stackOnMobile === false ? { isStackedOnMobile: false } : {}),
    ...(options.verticalAlignment ? { verticalAlignment: options.verticalAlignment } : {}),
  };
  const align = options.align ?? 'wide';
  const classes = [
    'wp-block-media-text',
    align !== 'none' && `align${align}`,
    options.position === 'right' && 'has-media-on-the-right',
    options.stackOnMobile !== false && 'is-stacked-on-mobile',
    options.verticalAlignment && `is-vertically-aligned-${options.verticalAlignment}`,
    ...s.classes,
  ];
  const columns = options.mediaWidth && options.mediaWidth !== 50
    ? options.position === 'right' ? `grid-template-columns:auto ${options.mediaWidth}%` : `grid-template-columns:${options.mediaWidth}% auto`
    : '';
  const style = [s.style, columns].filter(Boolean).join(';');
  const figure = `<figure class="wp-block-media-text__media"><img src="${options.media.url}" alt="${options.media.alt}" class="wp-image-${options.media.id} size-full"/></figure>`;
  const content = `<div class="wp-block-media-text__content">${inner.join('\n\n')}</div>`;
  return block('media-text', attributes, `<div${classAttr(classes)}${styleAttr(style)}>${options.position === 'right' ? `${content}${figure}` : `${figure}${content}`}</div>`);
}

export function table(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  options: { stripes?: boolean; fixed?: boolean; caption?: string; align?: 'wide' | 'full' | 'center'; backgroundColor?: string } = {},
): string {
  const attributes: BlockAttributes = {
    ...(options.fixed ? { hasFixedLayout: true } : {}),
    ...(options.align ? { align: options.align } : {}),
    ...(options.backgroundColor ? { backgroundColor: options.backgroundColor } : {}),
    ...(options.stripes ? { className: 'is-style-stripes' } : {}),
  };
  const classes = ['wp-block-table', options.align && `align${options.align}`, options.stripes && 'is-style-stripes'];
  const tableClasses = [options.fixed && 'has-fixed-layout', options.backgroundColor && `has-${options.backgroundColor}-background-color has-background`];
  const thead = head.length ? `<thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead>` : '';
  const tbody = `<tbody>${rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('')}</tbody>`;
  const caption = options.caption ? `<figcaption class="wp-element-caption">${options.caption}</figcaption>` : '';
  return block('table', attributes, `<figure${classAttr(classes)}><table${classAttr(tableClasses)}>${thead}${tbody}</table>${caption}</figure>`);
}

export function embed(url: string, provider: 'youtube' | 'vimeo', caption?: string, align?: 'wide' | 'full'): string {
  const attributes: BlockAttributes = { url, type: 'video', providerNameSlug: provider, responsive: true, ...(align ? { align } : {}), className: 'wp-embed-aspect-16-9 wp-has-aspect-ratio' };
  const classes = ['wp-block-embed', align && `align${align}`, 'is-type-video', `is-provider-${provider}`, `wp-block-embed-${provider}`, 'wp-embed-aspect-16-9', 'wp-has-aspect-ratio'];
  const figcaption = caption ? `<figcaption class="wp-element-caption">${caption}</figcaption>` : '';
  return block('embed', attributes, `<figure${classAttr(classes)}><div class="wp-block-embed__wrapper">\n${url}\n</div>${figcaption}</figure>`);
}

export function video(options: { id: number; url: string; poster?: string; caption?: string; align?: 'wide' | 'full' }): string {
  const attributes: BlockAttributes = { ...(options.align ? { align: options.align } : {}), id: options.id };
  const poster = options.poster ? ` poster="${options.poster}"` : '';
  const caption = options.caption ? `<figcaption class="wp-element-caption">${options.caption}</figcaption>` : '';
  const classes = ['wp-block-video', options.align && `align${options.align}`];
  return block('video', attributes, `<figure${classAttr(classes)}><video controls${poster} src="${options.url}"></video>${caption}</figure>`);
}

export function audio(options: { id: number; url: string; caption?: string }): string {
  const caption = options.caption ? `<figcaption class="wp-element-caption">${options.caption}</figcaption>` : '';
  return block('audio', { id: options.id }, `<figure class="wp-block-audio"><audio controls src="${options.url}"></audio>${caption}</figure>`);
}

export function file(options: { id: number; url: string; name: string; fileId: string; button?: string | false }): string {
  const showButton = options.button !== false;
  const attributes: BlockAttributes = { id: options.id, href: options.url, ...(showButton ? {} : { showDownloadButton: false }) };
  const link = `<a id="${options.fileId}" href="${options.url}">${options.name}</a>`;
  const downloadButton = showButton
    ? `<a href="${options.url}" class="wp-block-file__button wp-element-button" download aria-describedby="${options.fileId}">${options.button ?? 'Download'}</a>`
    : '';
  return block('file', attributes, `<div class="wp-block-file">${link}${downloadButton}</div>`);
}

export function socialLinks(
  services: readonly { service: string; url: string; label?: string }[],
  options: { style?: 'logos-only' | 'pill-shape'; iconColor?: string; iconColorValue?: string; iconBackgroundColor?: string; iconBackgroundColorValue?: string; showLabels?: boolean; size?: string; justify?: string } = {},
): string {
  const attributes: BlockAttributes = {};
  if (options.iconColor) Object.assign(attributes, { iconColor: options.iconColor, iconColorValue: options.iconColorValue });
  if (options.iconBackgroundColor) Object.assign(attributes, { iconBackgroundColor: options.iconBackgroundColor, iconBackgroundColorValue: options.iconBackgroundColorValue });
  if (options.showLabels) attributes.showLabels = true;
  if (options.size) attributes.size = options.size;
  if (options.style) attributes.className = `is-style-${options.style}`;
  if (options.justify) attributes.layout = { type: 'flex', justifyContent: options.justify };
  const classes = [
    'wp-block-social-links',
    options.size,
    options.showLabels && 'has-visible-labels',
    options.iconColor && 'has-icon-color',
    options.iconBackgroundColor && 'has-icon-background-color',
    options.style && `is-style-${options.style}`,
  ];
  const links = services.map((s) => voidBlock('social-link', { url: s.url, service: s.service, ...(s.label ? { label: s.label } : {}) }));
  return block('social-links', attributes, `<ul${classAttr(classes)}>${links.join('\n\n')}</ul>`);
}

export function code(text: string): string {
  return block('code', undefined, `<pre class="wp-block-code"><code>${text}</code></pre>`);
}

export function preformatted(text: string): string {
  return block('preformatted', undefined, `<pre class="wp-block-preformatted">${text}</pre>`);
}

export function verse(text: string, options: { textAlign?: 'left' | 'center' | 'right' } = {}): string {
  const attributes = options.textAlign ? { textAlign: options.textAlign } : undefined;
  const classes = ['wp-block-verse', options.textAlign && `has-text-align-${options.textAlign}`];
  return block('verse', attributes, `<pre${classAttr(classes)}>${text}</pre>`);
}

/** Custom HTML (`core/html`): saved as typed. */
export function html(markup: string): string {
  return block('html', undefined, markup);
}

/** The Details element as editors paste it into a Custom HTML block: WordPress 6.1 has no Details block (it arrived in 6.3). */
export function details(summary: string, body: string, open = false): string {
  return html(`<details class="wp-block-details"${open ? ' open' : ''}><summary>${summary}</summary><p>${body}</p></details>`);
}

/** The More tag (`core/more`): the teaser ends here in archives; a single post shows everything. */
export function more(): string {
  return block('more', undefined, '<!--more-->');
}
