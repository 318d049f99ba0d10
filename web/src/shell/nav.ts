import type { User } from '../api/user';

export interface NavItem {
  to: string;
  label: string;
}

/** Links of the header (desktop). */
export function headerNav(): NavItem[] {
  return [
    { to: '/play', label: 'Play now' },
    { to: '/schedule', label: 'Schedule for later' },
    { to: '/players', label: 'Players' },
    { to: '/about', label: 'About' },
    { to: '/contact', label: 'Contact' },
  ];
}

/** Links of the sidebar and the mobile menu; visitors get the spec's list (Play, Log in, Sign Up, ...). */
export function sidebarNav(user: User | null): NavItem[] {
  if (!user) {
    return [
      { to: '/play', label: 'Play now' },
      { to: '/login', label: 'Log In' },
      { to: '/signup', label: 'Sign Up' },
      { to: '/players', label: 'Players' },
      { to: '/about', label: 'About' },
      { to: '/contact', label: 'Contact' },
    ];
  }
  const items: NavItem[] = [
    { to: '/play', label: 'Play now' },
    { to: '/schedule', label: 'Schedule for later' },
    { to: '/settings', label: 'My Account' },
    { to: '/topup', label: 'Add Credits' },
    { to: '/players', label: 'Players' },
    { to: '/about', label: 'About' },
    { to: '/contact', label: 'Contact' },
  ];
  if (user.role === 'admin') items.push({ to: '/admin', label: 'Admin' });
  return items;
}

export const SOCIAL_LINKS: NavItem[] = [
  { to: 'https://x.com/titledchess', label: 'X (Twitter)' },
  { to: 'https://www.youtube.com/@titledchess', label: 'YouTube' },
];

export function formatCredits(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}
