import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** A year, subdomains included: the value helmet would send, kept for HTTPS answers alone. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Browser features the product never uses, turned off for its pages and anything they might embed. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * The web build's scripts, styles and fonts: a page loads them, a browser never shows one as a document (an
 * image may be: an SVG opened on its own runs as a page, so images keep every header).
 */
const SUBRESOURCE = /^\/assets\/[^/]+\.(js|css|woff2?)$|^\/before-paint\.js$/;

const isSubresource = (routeUrl: string | undefined) => routeUrl !== undefined && SUBRESOURCE.test(routeUrl);

/**
 * What a subresource keeps of helmet's headers: `nosniff` (a script or style is taken only with its own type),
 * the resource policy (no other site may load it) and the referrer policy (a stylesheet's own requests follow
 * it). The others only act on a document — what it may load, frame or open — and would cost about 850 bytes on
 * each of a first visit's two dozen answers over HTTP/1.1 (docs/decisions/0170-document-headers-on-documents.md).
 */
const SUBRESOURCE_HELMET: Omit<FastifyHelmetOptions, 'global'> = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The security headers of every answer: helmet's (a content security policy that runs no inline script), the
 * permissions policy, and HSTS over HTTPS only. Register before any route: the routes of the web build's
 * subresources are given their lighter set as they are added.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (isSubresource(route.url)) route.helmet = SUBRESOURCE_HELMET;
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Sent by the hook below, and only over HTTPS: on plain HTTP it would be ignored at best, and a
    // product reached by http://localhost must not pin the browser to HTTPS for a year.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // `request.protocol` reads X-Forwarded-Proto only with TRUST_PROXY: a client cannot fake it otherwise.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (!isSubresource(request.routeOptions.url)) reply.header('permissions-policy', PERMISSIONS_POLICY);
    return payload;
  });
}
