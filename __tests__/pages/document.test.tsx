import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Document from '../../pages/_document';
import { resetConfigForTests } from '@/config';

// A stand-in for next/document's components, to render _document outside Next.
/* eslint-disable @next/next/no-head-element */
jest.mock('next/document', () => ({
  Html: ({ children }: { children: ReactNode }) => <html>{children}</html>,
  Head: ({ children }: { children: ReactNode }) => <head>{children}</head>,
  Main: () => <div id="__next" />,
  NextScript: () => <script id="next-script" />,
}));
/* eslint-enable @next/next/no-head-element */

describe('issue 19: the document connects early to where the images come from', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetConfigForTests();
  });

  const head = () => renderToStaticMarkup(<Document />).split('</head>')[0];

  it('preconnects to the media host, before any stylesheet', () => {
    process.env.MEDIA_HOST = 'https://media.example.com';
    resetConfigForTests();
    expect(head()).toContain('<link rel="preconnect" href="https://media.example.com"/>');
  });

  it('preconnects to WordPress when there is no media host', () => {
    delete process.env.MEDIA_HOST;
    process.env.WORDPRESS_URL = 'https://cms.example.com/wp';
    resetConfigForTests();
    expect(head()).toContain('<link rel="preconnect" href="https://cms.example.com"/>');
  });
});
