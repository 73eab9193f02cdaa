// The environment every jest test runs in: the fake WordPress answers at WORDPRESS_URL (through msw),
// and media URLs from the CMS development host `dev-cms.example.test` are rewritten to MEDIA_HOST.
process.env.WORDPRESS_URL = 'http://wordpress.test';
process.env.NEXT_PUBLIC_WORDPRESS_URL = 'http://wordpress.test';
process.env.MEDIA_HOST = 'https://media.example.com';
process.env.CMS_DEV_HOSTS = 'dev-cms.example.test,wordpress.test';
process.env.SITE_URL = 'https://www.example.com';
process.env.REVALIDATE_SECRET = 'test-secret-0123456789abcdef';
