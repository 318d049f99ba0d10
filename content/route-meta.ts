/**
 * Page title and meta description for every route of the product (spec section 2). One table shared by the
 * web client (document.title on navigation) and the server (the HTML head it sends, so search engines and link
 * previews see each page's own text without running JavaScript).
 */
export interface RouteMeta {
  title: string;
  description: string;
}

export const SITE_NAME = 'Titled Chess';

/** Used for `/` and for any path not in the table. */
export const DEFAULT_ROUTE_META: RouteMeta = {
  title: 'Play titled chess players online | Titled Chess',
  description:
    'Challenge verified GMs, IMs and other titled players to paid training games on Lichess. ' +
    'Pick your time control, pay per minute, no scheduling needed.',
};

export const ROUTE_META: Readonly<Record<string, RouteMeta>> = {
  '/': DEFAULT_ROUTE_META,
  '/landing': {
    title: 'Play titled chess players online | Titled Chess',
    description:
      'Train against verified titled players at any level. Choose opponent and time control, play on ' +
      'Lichess and keep every game for analysis.',
  },
  '/play': {
    title: 'Play now: challenge a titled player | Titled Chess',
    description:
      'See which titled players are online, set your time control and starting position, and send a paid ' +
      'challenge. The price is shown before you send it.',
  },
  '/schedule': {
    title: 'Schedule for later: hourly training session | Titled Chess',
    description:
      'Book a one-hour training session with a titled player at a time that suits you, with an optional ' +
      'post-game analysis video call.',
  },
  '/about': {
    title: 'About us: why we built it | Titled Chess',
    description:
      'Our mission is to let every amateur play strong, verified titled players whenever they want, ' +
      'at a fair price per minute, and learn from every game.',
  },
  '/privacy': {
    title: 'Privacy policy | Titled Chess',
    description:
      'What personal data Titled Chess collects, which cookies it uses, how long data is kept, and how to ' +
      'update or delete your data.',
  },
  '/contact': {
    title: 'Contact us | Titled Chess',
    description:
      'Questions, feedback, or a titled player who wants to join? Send us a message and we will answer by e-mail.',
  },
  '/players': {
    title: 'Our titled players: GMs, IMs, FMs and more | Titled Chess',
    description:
      'Meet the 25 verified titled players you can challenge: their titles, ratings, bios and key ' +
      'achievements. Titled players can apply to join.',
  },
  '/login': {
    title: 'Log in | Titled Chess',
    description: 'Log in to your Titled Chess account to challenge titled players and manage your credits.',
  },
  '/signup': {
    title: 'Sign up | Titled Chess',
    description:
      'Create a free Titled Chess account with e-mail or Google, add credits, and challenge a titled player in minutes.',
  },
  '/reset_password': {
    title: 'Reset your password | Titled Chess',
    description: 'Enter your e-mail address and we will send you a link to set a new password.',
  },
  '/set_password': {
    title: 'Set a new password | Titled Chess',
    description: 'Choose a new password for your Titled Chess account.',
  },
  '/settings': {
    title: 'My Account | Titled Chess',
    description: 'Edit your profile, chess-site username, picture and preferences, and see your credit balance.',
  },
  '/topup': {
    title: 'Add Credits | Titled Chess',
    description: 'Top up your credit balance by card. 10% off from 100 credits, 15% off from 300 credits.',
  },
  '/admin': {
    title: 'Admin | Titled Chess',
    description: 'Administration of Titled Chess: users, titled players, challenges and payments.',
  },
};

/** Strips the query string, hash and trailing slashes so '/about/?x=1#y' finds '/about'. */
function normalizePath(pathname: string): string {
  const path = (pathname.split(/[?#]/, 1)[0] ?? '').replace(/\/{2,}/g, '/');
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The title and description for a path; unknown paths get the default, about playing titled players. */
export function routeMeta(pathname: string): RouteMeta {
  const path = normalizePath(pathname);
  // hasOwn, so '/__proto__' or 'constructor' can never return an Object.prototype member.
  return Object.hasOwn(ROUTE_META, path) ? (ROUTE_META[path] as RouteMeta) : DEFAULT_ROUTE_META;
}
