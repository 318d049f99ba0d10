import type { ReactNode } from 'react';

interface BannerProps {
  kind: 'success' | 'error' | 'info' | 'warning';
  children: ReactNode;
}

/** A status message; errors are announced assertively, the rest politely. */
export function Banner({ kind, children }: BannerProps) {
  return (
    <div className={`banner banner--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
