import { render, screen } from '@testing-library/react';
import type { GetStaticPropsContext } from 'next';
import NotFoundPage, { getStaticProps as notFoundProps } from '../../../pages/404';
import ServerErrorPage from '../../../pages/500';
import * as serverErrorModule from '../../../pages/500';
import ContactUsPage, { getStaticProps as contactProps } from '../../../pages/contact-us';

const mockRouter = { asPath: '/' };
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const context = {} as GetStaticPropsContext;

describe('error and contact pages', () => {
  test('404: a friendly page with links home, to the search and to Contact Us', () => {
    render(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('We can’t find that page');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Search the site' })).toHaveAttribute('href', '/search');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
  });

  test('404: gets the layout data (menu and footer) through staticProps', async () => {
    const result = await notFoundProps(context);
    expect(result).toHaveProperty('props.layout.menu');
    const { layout } = (result as { props: { layout: { menu: unknown[]; footer: unknown[] } } }).props;
    expect(layout.menu.length).toBeGreaterThan(0);
    expect(layout.footer.length).toBeGreaterThan(0);
  });

  test('500: renders without WordPress (no getStaticProps) and links home, to the search and to Contact Us', () => {
    expect(serverErrorModule).not.toHaveProperty('getStaticProps');
    render(<ServerErrorPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Search the site' })).toHaveAttribute('href', '/search');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
  });

  test('spec §2 /contact-us: the WordPress page contact-us, with the layout data', async () => {
    const result = (await contactProps(context)) as { props: { page: { title: string; path: string; frames: unknown[] }; layout: unknown } };
    expect(result.props.page.title).toBe('Contact Us');
    expect(result.props.page.path).toBe('/contact-us');
    expect(result.props.page.frames.length).toBeGreaterThan(0);
    expect(result).toHaveProperty('props.layout.footer');
    render(<ContactUsPage page={result.props.page as never} />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'sales@corvane.example' })[0]).toHaveAttribute('href', 'mailto:sales@corvane.example');
  });
});
